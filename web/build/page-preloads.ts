import path from 'node:path';
import { PAGE_PRELOADS_FILE } from '@tools-factory/contract';
import type { Plugin } from 'vite';

/**
 * Writes, for each page in `pages` (the server-rendered pages named in
 * src/app/public-page-modules.ts), the script files its first view loads after the entry: the
 * page's own chunk and everything it imports, transitively. The server lists them in the page's
 * <head> (a meta element) and the entry asks the browser for them (src/app/page-scripts.ts), so
 * that the app's import of the page finds them fetched (the build adds no preload link from
 * script: vite.config.ts).
 *
 * `pages` names each page's modules (paths under web/src); the entry chunk and what it imports
 * are left out, as the page's own script element and index.html's preload already load them.
 */
export function pagePreloads(pages: Record<string, readonly string[]>): Plugin {
  return {
    name: 'tools-factory:page-preloads',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk' ? [output] : [],
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const sourceRoot = path.resolve(import.meta.dirname, '..', 'src');
      // What the entry loads itself (its static imports, which index.html preloads): never listed.
      const withEntry = new Set<string>();
      const visitEntry = (fileName: string): void => {
        if (withEntry.has(fileName)) return;
        withEntry.add(fileName);
        byFile.get(fileName)?.imports.forEach(visitEntry);
      };
      chunks.filter((chunk) => chunk.isEntry).forEach((chunk) => visitEntry(chunk.fileName));
      const preloads: Record<string, string[]> = {};
      for (const [page, modules] of Object.entries(pages)) {
        const files = new Set<string>();
        const visit = (fileName: string): void => {
          const chunk = byFile.get(fileName);
          if (!chunk || withEntry.has(fileName) || files.has(fileName)) return;
          files.add(fileName);
          chunk.imports.forEach(visit);
        };
        for (const module of modules) {
          const chunk = chunks.find(
            ({ facadeModuleId }) => facadeModuleId === path.join(sourceRoot, module),
          );
          if (!chunk) this.error(`page-preloads: no chunk comes from ${module} (page ${page})`);
          visit(chunk.fileName);
        }
        preloads[page] = [...files].map((fileName) => `/${fileName}`);
      }
      this.emitFile({
        type: 'asset',
        fileName: PAGE_PRELOADS_FILE,
        source: `${JSON.stringify(preloads, null, 2)}\n`,
      });
    },
  };
}
