import type { Plugin } from 'vite';

/** V8's explicit compile hint: every function of the file compiled eagerly, off the main thread. */
const ALL_FUNCTIONS_CALLED_ON_LOAD = '//# allFunctionsCalledOnLoad\n';

/** The module that starts the app (React DOM, React Router, TanStack Query, the shell). */
export const APP_START_MODULE = 'src/boot.tsx';

/**
 * Marks the app's chunk (boot.tsx's: React DOM, React Router, TanStack Query, the shell) for
 * eager compilation: most of its functions run while the first page hydrates, and compiled lazily
 * each is compiled on the main thread when first called. Chromium 136 and later compile a
 * file so marked on a background thread while it streams in; other browsers read a comment.
 * Added once the chunk is minified (the minifier drops comments), its name's hash unchanged:
 * the line is the same in every build.
 */
export function compileHints(): Plugin {
  return {
    name: 'tools-factory:compile-hints',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    generateBundle: {
      // After Vite's own, which writes a lazily loaded chunk's list of dependencies at its top.
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk') continue;
          if (!output.moduleIds.some((id) => id.endsWith(APP_START_MODULE))) continue;
          output.code = ALL_FUNCTIONS_CALLED_ON_LOAD + output.code;
          // The source map, when one is made, starts one line lower.
          if (output.map) output.map.mappings = `;${output.map.mappings}`;
        }
      },
    },
  };
}
