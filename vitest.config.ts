import { defineConfig } from 'vitest/config';
import { HANG_LIMIT_MS } from './server/src/testing/hang-limits.ts';

/**
 * One run, three projects: contract and server on Node, the web app in jsdom. Contract and server
 * files share their workers' module graph (`isolate: false`): every server file imports the whole
 * app (Fastify, Better Auth, Drizzle, PGlite), which evaluated once per file cost a third of the
 * suite's time. Nothing of ours keeps state at module level that a test relies on being fresh
 * (each test builds its own app and database).
 *
 * On PostgreSQL (`npm run test:postgres`, TEST_DATABASE_URL set) the proofs (server/src/proof:
 * instances as processes behind nginx, a cluster killed and restarted) run alone after the rest,
 * one file at a time: beside other files on two cores they missed their deadlines. The rest of the
 * server suite runs on two workers, as it does on PGlite.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const PROOFS = 'src/proof/**/*.test.ts';

const serverTest = {
  root: './server',
  environment: 'node',
  isolate: false,
  // A test's time includes the file-scoped fixtures it is the first to ask for (its app,
  // its accounts: see server/src/testing/app-fixtures.ts), made in hooks before them. A limit
  // only a hang reaches (server/src/testing/hang-limits.ts): on two cores loaded by other work
  // (load average 10-16) the whole stage ran 18 minutes, and a test slowed as much is not wrong.
  testTimeout: HANG_LIMIT_MS,
  hookTimeout: HANG_LIMIT_MS,
} as const;
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
          ...serverTest,
          name: 'server',
          include: ['src/**/*.test.ts'],
          ...(onPostgres && { exclude: [PROOFS], maxWorkers: 2 }),
        },
      },
      ...(onPostgres
        ? [
            {
              test: {
                ...serverTest,
                name: 'server-proofs',
                include: [PROOFS],
                maxWorkers: 1,
                sequence: { groupOrder: 1 },
              },
            },
          ]
        : []),
      './web/vite.config.ts',
    ],
  },
});
