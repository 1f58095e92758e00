import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import type { Request } from '@playwright/test';
import {
  HOME_CSS_BUDGET_GZIP_BYTES,
  HOME_JS_BUDGET_GZIP_BYTES,
  LIBRARIES_KEPT_OFF_THE_HOME_PAGE,
} from '../support/budgets.ts';
import { expect, test } from '../support/fixtures.ts';

/** The built app the test server serves (npm run e2e builds it first). */
const assetsDir = path.resolve(import.meta.dirname, '../../web/dist/assets');

/** The gzip size (level 9) of what the request's response held, decompressed. */
async function gzipSize(request: Request): Promise<number> {
  const response = await request.response();
  if (!response) throw new Error(`${request.url()} got no response`);
  return gzipSync(await response.body(), { level: constants.Z_BEST_COMPRESSION }).length;
}

async function totalGzipSize(requests: Request[]): Promise<number> {
  const sizes = await Promise.all(requests.map(gzipSize));
  return sizes.reduce((total, size) => total + size, 0);
}

test.describe('the home page budget', () => {
  test('loads at most the budgeted JS and CSS before any interaction, and none of the libraries other pages need', async ({
    page,
  }) => {
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    // Load, then let every import started on the way settle (the route's chunk, the session):
    // all of it is what a visitor waits for before using the page.
    await page.goto('/', { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');

    const ofType = (type: string) => requests.filter((request) => request.resourceType() === type);
    const scripts = ofType('script');
    const stylesheets = ofType('stylesheet');
    expect(scripts.length).toBeGreaterThan(0);
    expect(stylesheets.length).toBeGreaterThan(0);

    const jsBytes = await totalGzipSize(scripts);
    const cssBytes = await totalGzipSize(stylesheets);
    test.info().annotations.push({
      type: 'home page weight',
      description: `JS ${jsBytes} B gzip in ${scripts.length} files (budget ${HOME_JS_BUDGET_GZIP_BYTES}), CSS ${cssBytes} B (budget ${HOME_CSS_BUDGET_GZIP_BYTES})`,
    });
    expect(jsBytes, 'JavaScript before interaction, gzip bytes').toBeLessThanOrEqual(
      HOME_JS_BUDGET_GZIP_BYTES,
    );
    expect(cssBytes, 'CSS before interaction, gzip bytes').toBeLessThanOrEqual(
      HOME_CSS_BUDGET_GZIP_BYTES,
    );

    // Each library's chunk, found by a string only its code holds: the build must have one (else
    // the marker is stale and this check would pass for nothing), and the home page must not ask for it.
    const requestedFiles = new Set(
      scripts.map((request) => path.basename(new URL(request.url()).pathname)),
    );
    const chunks = readdirSync(assetsDir).filter((file) => file.endsWith('.js'));
    for (const { name, marker } of LIBRARIES_KEPT_OFF_THE_HOME_PAGE) {
      const holding = chunks.filter((file) =>
        readFileSync(path.join(assetsDir, file), 'utf8').includes(marker),
      );
      expect(holding, `the build has a chunk with ${name}`).not.toEqual([]);
      expect(
        holding.filter((file) => requestedFiles.has(file)),
        `the home page loads no chunk of ${name}`,
      ).toEqual([]);
    }
  });
});
