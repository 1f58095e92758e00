import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect } from 'vitest';
import { appTest, openTestApp } from '../testing/app-fixtures.ts';
import {
  IMMUTABLE_CACHE,
  INDEX_CACHE,
  PUBLIC_FILE_CACHE,
  WEB_NOT_BUILT_MESSAGE,
} from './web-static.ts';

const indexHtml =
  '<!doctype html><html><head><script type="module" src="/assets/index-a1b2c3d4.js"></script></head><body><div id="root"></div></body></html>';
const script = `console.log(${JSON.stringify('tools '.repeat(400))});`;

/** A folder shaped like Vite's output: index.html, hashed assets (precompressed), public files. */
function makeWebDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tools-factory-web-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, 'images', 'tools'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), indexHtml);
  writeFileSync(path.join(dir, 'assets', 'index-a1b2c3d4.js'), script);
  writeFileSync(path.join(dir, 'assets', 'index-a1b2c3d4.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dir, 'assets', 'index-a1b2c3d4.js.gz'), gzipSync(script));
  writeFileSync(path.join(dir, 'assets', 'index-e5f6a7b8.css'), 'body{margin:0}');
  writeFileSync(
    path.join(dir, 'images', 'tools', 'claw-hammer.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

/**
 * An app test serving the web app that `writeWeb` writes: `base`, the folder removed once the app
 * is closed, and `webDistDir`, the built app in it.
 */
function webAppTest(writeWeb: () => { base: string; webDistDir: string }) {
  return (
    appTest()
      // eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's dependencies from this pattern
      .extend('web', { scope: 'file' }, ({}, { onCleanup }) => {
        const web = writeWeb();
        onCleanup(() => rmSync(web.base, { recursive: true, force: true }));
        return web;
      })
      .extend('app', { scope: 'file' }, ({ web }, tools) =>
        openTestApp({ config: { webDistDir: web.webDistDir } }, tools),
      )
  );
}

const builtTest = webAppTest(() => {
  const webDistDir = makeWebDist();
  return { base: webDistDir, webDistDir };
});
const missingTest = appTest({
  config: { webDistDir: path.join(tmpdir(), 'tools-factory-no-such-dist') },
});
const SECRET = 'SECRET-FILE-OUTSIDE-THE-WEB-APP';
const traversalTest = webAppTest(() => {
  // Shaped like the repository: the built app in web/dist, and files worth stealing around it.
  const base = mkdtempSync(path.join(tmpdir(), 'tools-factory-traversal-'));
  const webDistDir = path.join(base, 'web', 'dist');
  mkdirSync(path.join(webDistDir, 'assets'), { recursive: true });
  mkdirSync(path.join(base, 'server', 'src'), { recursive: true });
  writeFileSync(path.join(webDistDir, 'index.html'), indexHtml);
  writeFileSync(path.join(webDistDir, 'assets', 'index-a1b2c3d4.js'), script);
  writeFileSync(path.join(base, 'package.json'), JSON.stringify({ name: SECRET }));
  writeFileSync(path.join(base, 'web', 'package.json'), JSON.stringify({ name: SECRET }));
  writeFileSync(
    path.join(base, 'server', 'src', 'config.ts'),
    `export const secret = '${SECRET}';`,
  );
  return { base, webDistDir };
});

describe('the built web app', () => {
  builtTest.for([
    '/',
    '/home',
    '/about',
    '/purchase/3f1e6a52-8a7c-4d1f-9a55-0d3c1e2b4a10',
    '/dashborad/orders',
    '/no/such/page',
  ])('answers index.html, never cached, for the client route %s', async (url, { app }) => {
    const response = await app.inject(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe(INDEX_CACHE);
    expect(response.body).toBe(indexHtml);
  });

  builtTest('caches hashed assets for a year, immutable', async ({ app }) => {
    const js = await app.inject('/assets/index-a1b2c3d4.js');
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toContain('javascript');
    expect(js.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(js.body).toBe(script);
    const css = await app.inject('/assets/index-e5f6a7b8.css');
    expect(css.headers['cache-control']).toBe(IMMUTABLE_CACHE);
  });

  builtTest('sends the precompressed file the client accepts', async ({ app }) => {
    const br = await app.inject({
      url: '/assets/index-a1b2c3d4.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await app.inject({
      url: '/assets/index-a1b2c3d4.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
  });

  builtTest('caches other public files for a shorter time', async ({ app }) => {
    for (const url of ['/images/tools/claw-hammer.svg', '/favicon.svg']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('image/svg+xml');
      expect(response.headers['cache-control'], url).toBe(PUBLIC_FILE_CACHE);
    }
  });

  builtTest('answers 404, not the page, for a missing file', async ({ app }) => {
    for (const url of ['/assets/index-00000000.js', '/images/tools/missing.svg', '/robots.txt']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(404);
    }
  });

  builtTest('keeps API paths out of the fallback', async ({ app }) => {
    const response = await app.inject('/api/about');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Route GET:/api/about not found', statusCode: 404 });
  });

  builtTest('answers 404 to other methods on client routes', async ({ app }) => {
    const response = await app.inject({ method: 'POST', url: '/about' });
    expect(response.statusCode).toBe(404);
  });
});

describe('without a built web app', () => {
  missingTest('answers 503 with what to do on pages, and the API as usual', async ({ app }) => {
    for (const url of ['/', '/about']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(503);
      expect(response.headers['content-type']).toContain('text/plain');
      expect(response.body).toBe(WEB_NOT_BUILT_MESSAGE);
      expect(response.body).toContain('npm run build');
    }
    expect((await app.inject('/api/parts')).statusCode).toBe(200);
  });
});

describe('path traversal', () => {
  traversalTest.for([
    '/assets/..%2f..%2fpackage.json',
    '/assets/..%2F..%2F..%2Fpackage.json',
    '/assets/%2e%2e/%2e%2e/package.json',
    '/assets/%2e%2e%2f%2e%2e%2fpackage.json',
    '/..%2f..%2fserver/src/config.ts',
    '/%2e%2e/%2e%2e/server/src/config.ts',
    '/assets/../../package.json',
    '/assets/..\\..\\package.json',
    '/assets/..%5c..%5cpackage.json',
    '/assets/%252e%252e/%252e%252e/package.json',
    '/assets/%252e%252e%252f%252e%252e%252fpackage.json',
    '/assets/..%00/package.json',
    '/assets/.%2e/.%2e/package.json',
  ])('never serves a file outside the web app for %s', async (url, { app }) => {
    const response = await app.inject(url);
    expect(response.body, url).not.toContain(SECRET);
    // A missing file, the app's own page (a client route), or a path refused as climbing out of
    // the root (@fastify/static's `send` answers 403 to '..' between slashes or backslashes).
    if (response.statusCode === 200) expect(response.body, url).toBe(indexHtml);
    else expect([400, 403, 404], url).toContain(response.statusCode);
  });

  traversalTest('still serves the files inside it', async ({ app }) => {
    const response = await app.inject('/assets/index-a1b2c3d4.js');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(script);
  });
});
