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
    // Vitest's default in a run is one worker less than the CPUs: on the 2-core machines that CI
    // and the team use, one worker and an idle core. Two: the unit suite took 204 s instead of
    // 295 s here, test:postgres 179 s instead of 281 s, every file passing both ways.
    maxWorkers: 2,
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './web/vite.config.ts',
    ],
  },
});
