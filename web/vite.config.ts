import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { compileHints } from './build/compile-hints';
import { pagePreloads } from './build/page-preloads';
import { preloadedPageModules } from './src/app/public-page-modules';

/**
 * The web app's build and dev server, and its Vitest project ('web'), in one file so the tests
 * compile the code exactly as the build does. The root vitest.config.ts lists this file.
 */
export default defineConfig({
  plugins: [react(), tailwindcss(), pagePreloads(preloadedPageModules), compileHints()],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    // Fastify serves dist/; hashed file names under /assets/ are what lets it cache them for a year.
    emptyOutDir: true,
    modulePreload: {
      // Every browser we build for preloads modules itself (Chromium, Firefox 115+, Safari 17+);
      // without the polyfill an older one still loads each chunk when imported.
      polyfill: false,
      // No script preload links added when a chunk is imported: each chunk imports every file it
      // needs directly (the bundler hoists them), so the browser asks for them all as soon as the
      // chunk arrives, and the links cost more than that one round trip saves. Vite's helper
      // appended one per file, dozens for the purchase page and its order form, each taking the
      // main thread while the page hydrates (decision 026; the figures are in bench/RESULTS.md).
      // A chunk's own style sheet, if one ever has one, is still linked: nothing else loads it.
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'js' ? deps.filter((dep) => dep.endsWith('.css')) : deps,
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The app (boot.tsx, loaded by the entry when it starts) and everything it imports in
          // one file. Left alone, the bundler split React, React Router and the texts into
          // extra files as soon as the app and the pages shared a module (the session hooks):
          // more requests, more bytes (125 kB gzip in 29 files for the home page, not 116).
          // What the entry shares with the app (the stored token's read, the URL's hand-off
          // markers, Vite's loader of chunks) is a file of its own, before the app in priority: the entry's own imports
          // must not pull the app's file in before the visitor reaches for the page.
          groups: [
            {
              name: 'start',
              test: /access-token-storage\.ts$|hand-off-params\.ts$|vite[\\/]preload-helper/,
              priority: 2,
            },
            { name: 'app', test: /[\\/]web[\\/]src[\\/]boot\.tsx$/, priority: 1 },
          ],
        },
      },
      treeshake: {
        // The contract builds its zod schemas at module level. Its modules have no side effects,
        // and zod's builders are pure: saying so lets the bundler leave zod out of pages that
        // only use the contract's texts, routes and helpers (about 27 kB gzip off every page).
        moduleSideEffects: [{ test: /[\\/]contract[\\/]src[\\/]/, sideEffects: false }],
        manualPureFunctions: ['z'],
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  preview: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    // A jsdom per file in a VM context of a shared worker, not a process per file: the same
    // isolation between files, a third of the time (creating jsdom was a third of the run).
    pool: 'vmThreads',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Vitest's 5 s is for a hang only on an idle machine: on two cores loaded by other work
    // (load average 10-16) a page's first render in jsdom took seconds. A minute is a hang.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
