import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * The server renders the home page from the built web app (web/dist and its server entry,
 * web/dist-ssr), and `npm run serve` runs the server's own build (server/dist). `npm test` builds
 * them before the suites that need them; a run of these proofs on their own builds them here
 * when they are missing (`npm run build` from the repository's root).
 */
export function ensureWebBuilt(suite: string): void {
  const built = [
    'web/dist/index.html',
    'web/dist-ssr/entry-server.js',
    'server/dist/server.js',
  ].every((file) => existsSync(path.join(repoRoot, file)));
  if (built) return;
  console.warn(`[${suite}] web/dist is missing: running \`npm run build\` in ${repoRoot}`);
  const build = spawnSync('npm', ['run', 'build'], {
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
    timeout: 300_000,
  });
  if (build.status !== 0) {
    throw new Error(
      `[${suite}] \`npm run build\` failed (${build.status ?? build.error?.message}): the home ` +
        'page is rendered from web/dist; build it with `npm run build` from the repository root.',
    );
  }
}
