import { defineConfig } from 'vitest/config';

/**
 * One run, three projects: contract and server on Node, the web app in jsdom. Contract and server
 * files share their workers' module graph (`isolate: false`): every server file imports the whole
 * app (Fastify, Better Auth, Drizzle, PGlite), which evaluated once per file cost a third of the
 * suite's time. Nothing of ours keeps state at module level that a test relies on being fresh
 * (each test builds its own app and database).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          root: './contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        test: {
          name: 'server',
          root: './server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          // A test's time includes the file-scoped fixtures it is the first to ask for (its app,
          // its accounts: see server/src/testing/app-fixtures.ts), made in hooks before them.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      './web/vite.config.ts',
    ],
  },
});
