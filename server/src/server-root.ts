import path from 'node:path';

/**
 * The server package's folder (server/). This file is server/src/server-root.ts, and `npm run
 * build` bundles it into server/dist/: one level below the package either way, so the migrations
 * and the repository's folders are found from the sources and from the build alike.
 */
export const serverRoot = path.resolve(import.meta.dirname, '..');
