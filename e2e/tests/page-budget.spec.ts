import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import type { Request } from '@playwright/test';
import { routes, texts, type Tool } from '@tools-factory/contract';
import { uniqueEmail } from '../support/accounts.ts';
import { readSeededData } from '../support/api.ts';
import { signUpAsCustomer } from '../support/customer.ts';
import {
  HOME_APP_JS_BUDGET_GZIP_BYTES,
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

/** The scripts and style sheets a page asked for since `requests` started listening. */
function weighable(requests: Request[]) {
  const ofType = (type: string) => requests.filter((request) => request.resourceType() === type);
  return { scripts: ofType('script'), stylesheets: ofType('stylesheet') };
}

test.describe('the home page budget', () => {
  test('loads at most the budgeted JS and CSS before any interaction, the app once reached for, and none of the libraries other pages need', async ({
    page,
  }) => {
    // A page of its own: the journeys' pages reach for every page they load.
    const visitor = await page.context().newPage();
    const requests: Request[] = [];
    visitor.on('request', (request) => requests.push(request));
    // Load, then let every import started on the way settle: all of it is what a visitor's
    // browser does before they do anything.
    await visitor.goto('/', { waitUntil: 'load' });
    await visitor.waitForLoadState('networkidle');

    const before = weighable(requests);
    expect(before.scripts.length).toBeGreaterThan(0);
    expect(before.stylesheets.length).toBeGreaterThan(0);
    const jsBytes = await totalGzipSize(before.scripts);
    const cssBytes = await totalGzipSize(before.stylesheets);
    expect(
      await visitor.evaluate(() => document.documentElement.dataset.hydrated),
      'the app has not started',
    ).toBeUndefined();

    // The first move of the pointer starts the app: the page is the app's, and what it loaded
    // is within the app's own budget.
    await visitor.mouse.move(5, 5);
    await visitor.mouse.move(6, 6);
    await expect(visitor.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await visitor.waitForLoadState('networkidle');
    const after = weighable(requests);
    const appBytes = await totalGzipSize(after.scripts);
    test.info().annotations.push({
      type: 'home page weight',
      description: `JS before interaction ${jsBytes} B gzip in ${before.scripts.length} files (budget ${HOME_JS_BUDGET_GZIP_BYTES}), once reached for ${appBytes} B in ${after.scripts.length} (budget ${HOME_APP_JS_BUDGET_GZIP_BYTES}), CSS ${cssBytes} B (budget ${HOME_CSS_BUDGET_GZIP_BYTES})`,
    });
    expect(jsBytes, 'JavaScript before interaction, gzip bytes').toBeLessThanOrEqual(
      HOME_JS_BUDGET_GZIP_BYTES,
    );
    expect(appBytes, 'JavaScript once the app started, gzip bytes').toBeLessThanOrEqual(
      HOME_APP_JS_BUDGET_GZIP_BYTES,
    );
    expect(cssBytes, 'CSS before interaction, gzip bytes').toBeLessThanOrEqual(
      HOME_CSS_BUDGET_GZIP_BYTES,
    );

    // Each library's chunk, found by a string only its code holds: the build must have one (else
    // the marker is stale and this check would pass for nothing), and the home page must not
    // ask for it, even once the app started.
    const requestedFiles = new Set(
      after.scripts.map((request) => path.basename(new URL(request.url()).pathname)),
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
    await visitor.close();
  });
});

/** A string only the schema library's code holds (its error class). */
const SCHEMA_LIBRARY_MARKER = 'ZodError';

/** The built chunks holding the schema library. */
function schemaLibraryChunks(): string[] {
  return readdirSync(assetsDir)
    .filter((file) => file.endsWith('.js'))
    .filter((file) =>
      readFileSync(path.join(assetsDir, file), 'utf8').includes(SCHEMA_LIBRARY_MARKER),
    );
}

test.describe("the purchase page's first view", () => {
  test('loads no schema until the order form is first checked, then checks it by the rules', async ({
    page,
    request,
  }) => {
    await signUpAsCustomer(page, uniqueEmail('budget'));
    const tool = (await readSeededData(request)).tools[0] as Tool;
    const requested: string[] = [];
    page.on('request', (sent) => {
      if (sent.resourceType() === 'script') {
        requested.push(path.basename(new URL(sent.url()).pathname));
      }
    });
    await page.goto(routes.purchase(tool._id));
    const quantity = page.getByLabel(texts.purchase.quantity, { exact: true });
    await expect(quantity).toBeEditable();
    await page.waitForLoadState('networkidle');

    // The order form is up, and the schema library was not asked for (issue 27: its chunks'
    // evaluation was a long task of the page's start on a phone).
    const schemaChunks = schemaLibraryChunks();
    expect(schemaChunks, 'the build has a chunk with the schema library').not.toEqual([]);
    expect(requested.filter((file) => schemaChunks.includes(file))).toEqual([]);

    // The first check loads it, and the contract's rule answers in its words.
    await quantity.fill('12.5');
    await page.getByRole('button', { name: texts.purchase.placeOrder }).click();
    await expect(quantity).toHaveAccessibleDescription(
      new RegExp(texts.fieldErrors.notWhole('quantity')),
    );
    expect(requested.filter((file) => schemaChunks.includes(file))).not.toEqual([]);
  });
});
