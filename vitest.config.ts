import { defineConfig } from 'vitest/config';

/** One run, three projects: contract and server on Node, the web app in jsdom. */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          root: './contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: './server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './web/vite.config.ts',
    ],
  },
});
