import path from 'node:path';
import { PAGE_PRELOADS_FILE } from '@tools-factory/contract';
import type { Plugin } from 'vite';

/**
 * Writes, for each page in `pages` (the server-rendered pages named in
 * src/app/public-page-modules.ts), the script files its first view loads after the entry: the
 * page's own chunk and everything it imports, transitively. The server names them in the page's
 * <head> as modulepreload links, so the browser fetches them while it parses the HTML, and the
 * entry's import of the page finds them fetched (the build adds no preload link from script:
 * vite.config.ts).
 *
 * `pages` names each page's modules (paths under web/src); the entry chunk is left out, as the
 * page's own script element already loads it.
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
      const preloads: Record<string, string[]> = {};
      for (const [page, modules] of Object.entries(pages)) {
        const files = new Set<string>();
        const visit = (fileName: string): void => {
          const chunk = byFile.get(fileName);
          if (!chunk || chunk.isEntry || files.has(fileName)) return;
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
