import { readdirSync, readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import path from 'node:path';
import { E2E_OIDC_CLIENT } from '../support/oidc-client.ts';
import { prepareTestServer } from '../support/test-server.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * What the built web app gives every visitor (issue 15, headers and build): no source map (our
 * sources stay ours, and a map would also name the server's files), and no secret of the server
 * that serves it. The secrets are the real ones of the journeys' server: those it generated into
 * its DATA_DIR and the Google client secret it was given.
 */
const webDist = path.resolve(import.meta.dirname, '../../web/dist');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * What only the server's configuration holds: connection strings, private keys, Stripe's secret
 * keys. (The names of the settings are no secret: Better Auth's client reads them from the
 * environment, empty in a browser.)
 */
const SERVER_ONLY_MARKERS = [
  'postgres://',
  'redis://',
  'smtp://',
  'PRIVATE KEY-----',
  'sk_live_',
  'sk_test_',
  'whsec_',
  'ACCESS_TOKEN_SECRET',
  'STRIPE_SECRET_KEY',
];

test.describe('the web build', () => {
  const files = filesUnder(webDist);

  test('is there to check (npm run build ran)', () => {
    expect(files.map((file) => path.basename(file))).toContain('index.html');
    expect(files.filter((file) => file.endsWith('.js')).length).toBeGreaterThan(5);
  });

  test('holds no source map, and no file points to one', () => {
    expect(files.filter((file) => /\.map(\.(br|gz))?$/.test(file))).toEqual([]);
    const pointing = files
      .filter((file) => /\.(js|css|html)$/.test(file))
      .filter((file) => readFileSync(file, 'utf8').includes('sourceMappingURL'));
    expect(pointing).toEqual([]);
  });

  test("holds none of the server's secrets", async () => {
    const { dataDir } = await prepareTestServer();
    const generated = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as {
      accessToken: string;
      betterAuth: string;
    };
    const secrets = [generated.accessToken, generated.betterAuth, E2E_OIDC_CLIENT.clientSecret];
    // Present and long enough that finding one by chance is out of the question.
    for (const secret of secrets) expect(secret.length).toBeGreaterThanOrEqual(8);
    const found: string[] = [];
    for (const file of files.filter((name) => !/\.(br|gz|png|jpe?g|webp|woff2?)$/.test(name))) {
      const text = readFileSync(file, 'utf8');
      for (const word of [...secrets, ...SERVER_ONLY_MARKERS]) {
        if (text.includes(word)) found.push(`${path.relative(webDist, file)}: ${word}`);
      }
    }
    expect(found).toEqual([]);
  });

  test('a source map asked for by name is not served', async ({ request }) => {
    const script = files.find((file) => file.endsWith('.js') && file.includes('/assets/'));
    if (!script) throw new Error('no script under web/dist/assets');
    const url = `/assets/${path.basename(script)}.map`;
    const response = await request.get(url);
    const type = response.headers()['content-type'] ?? '';
    expect(type.includes('json') && response.ok(), `${url}: ${response.status()} ${type}`).toBe(
      false,
    );
  });

  test("marks the app's script, and only it, for V8's eager compilation, as served", async ({
    request,
  }) => {
    // Most of the app's functions run while the first page hydrates: compiled lazily, each
    // was compiled on the main thread when first called (issue 27, web/build/compile-hints.ts).
    // The entry only decides when the app starts (issue 43): the app is the file it imports.
    const hint = '//# allFunctionsCalledOnLoad\n';
    const html = readFileSync(path.join(webDist, 'index.html'), 'utf8');
    const entry = /<script type="module"[^>]* src="\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
    if (!entry) throw new Error('index.html names no module script');
    const app = /import\(`\.\/(app-[^`]+\.js)`\)/.exec(
      readFileSync(path.join(webDist, entry), 'utf8'),
    )?.[1];
    if (!app) throw new Error(`${entry} imports no app chunk`);
    const appFile = `assets/${app}`;
    expect(readFileSync(path.join(webDist, appFile), 'utf8').startsWith(hint)).toBe(true);
    expect(
      brotliDecompressSync(readFileSync(path.join(webDist, `${appFile}.br`)))
        .toString('utf8')
        .startsWith(hint),
    ).toBe(true);
    const served = await request.get(`/${appFile}`);
    expect((await served.text()).startsWith(hint)).toBe(true);
    const others = files.filter(
      (file) =>
        file.endsWith('.js') &&
        !file.endsWith(appFile) &&
        readFileSync(file, 'utf8').startsWith(hint),
    );
    expect(others).toEqual([]);
  });
});
