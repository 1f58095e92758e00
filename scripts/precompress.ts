/**
 * Writes .br and .gz beside every compressible file of a built folder (default web/dist) that is
 * larger than 1 KB, so the server sends them as they are (@fastify/static `preCompressed`)
 * instead of compressing on each request. Run after the web build:
 *   node scripts/precompress.ts web/dist
 * A compressed copy that would not be smaller than the file is not written.
 */
import { readdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const MIN_BYTES = 1024;
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.svg',
  '.txt',
  '.xml',
  '.map',
  '.webmanifest',
  '.ico',
  '.wasm',
]);

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

async function compressFile(file: string): Promise<{ br: number; gz: number; size: number }> {
  const content = await readFile(file);
  const [br, gz] = await Promise.all([
    brotliAsync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A stale copy from an earlier build must not outlive a file that no longer compresses well.
  const write = async (suffix: string, data: Buffer) => {
    if (data.length < content.length) await writeFile(`${file}${suffix}`, data);
    else await unlink(`${file}${suffix}`).catch(() => {});
  };
  await Promise.all([write('.br', br), write('.gz', gz)]);
  return { br: br.length, gz: gz.length, size: content.length };
}

async function main(): Promise<void> {
  const target = path.resolve(process.argv[2] ?? 'web/dist');
  const info = await stat(target).catch(() => undefined);
  if (!info?.isDirectory()) {
    console.error(`precompress: ${target} is not a folder (build the web app first)`);
    process.exit(1);
  }
  const jobs: Array<Promise<{ br: number; gz: number; size: number }>> = [];
  for await (const file of filesUnder(target)) {
    if (!COMPRESSIBLE.has(path.extname(file).toLowerCase())) continue;
    if ((await stat(file)).size <= MIN_BYTES) continue;
    jobs.push(compressFile(file));
  }
  const results = await Promise.all(jobs);
  const total = results.reduce((sum, result) => sum + result.size, 0);
  const brotli = results.reduce((sum, result) => sum + Math.min(result.br, result.size), 0);
  console.log(
    `precompress: ${results.length} files in ${path.relative(process.cwd(), target) || '.'}, ` +
      `${(total / 1024).toFixed(0)} KB -> ${(brotli / 1024).toFixed(0)} KB with brotli`,
  );
}

await main();
