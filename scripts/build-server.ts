/**
 * Bundles the server (server/src/server.ts and the contract it imports) into plain JavaScript in
 * server/dist/, which `npm run serve` runs. Running the TypeScript sources directly keeps Node's
 * type stripper (a WASM module) and every module's source in memory for good: about 17-20 MB of
 * each instance's idle memory (issue 27, decision 014). The npm packages stay outside the bundle
 * and are imported as before; what the server imports on first use (the Stripe gateway, the
 * invoice's PDF writer, each database driver) becomes a chunk of its own, loaded only then.
 * Not minified: a stack trace names the server's own functions and lines.
 *   node scripts/build-server.ts
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'rolldown';

const serverRoot = path.resolve(import.meta.dirname, '..', 'server');
const outDir = path.join(serverRoot, 'dist');

/** The contract is TypeScript source too: bundled. Every other bare import is an npm package. */
const isPackage = (id: string) =>
  !id.startsWith('.') && !path.isAbsolute(id) && !id.startsWith('@tools-factory/');

await rm(outDir, { recursive: true, force: true });
await build({
  input: { server: path.join(serverRoot, 'src', 'server.ts') },
  platform: 'node',
  external: isPackage,
  logLevel: 'warn',
  output: { dir: outDir, format: 'esm' },
});
console.log(`build-server: ${path.relative(process.cwd(), outDir)}/server.js`);
