import { gzipSync, constants } from 'node:zlib';
import { chromium, type Request } from '@playwright/test';
import {
  HOME_APP_JS_BUDGET_GZIP_BYTES,
  HOME_CSS_BUDGET_GZIP_BYTES,
  HOME_JS_BUDGET_GZIP_BYTES,
} from '../../e2e/support/budgets.ts';
import { chromiumFlags, findChromium } from '../../e2e/support/find-chromium.ts';
import { startAppServer } from './processes.ts';

/** What a first visit downloads of one kind, as the browser received it. */
export type FilesWeight = {
  files: number;
  /** Bytes on the wire as the server sent them (brotli for a browser). */
  transferBytes: number;
  /** Bytes once decompressed: what the browser parses. */
  decodedBytes: number;
  /** Each file gzipped at level 9, as the budget counts (the same whatever the server sends). */
  gzipBytes: number;
};

export type PageWeight = {
  page: string;
  /** Until the network is idle after the load event, with no interaction: what the budget counts. */
  js: FilesWeight;
  css: FilesWeight;
  /** Of `js`, what was requested before the load event (the route's chunk may come just after). */
  jsBeforeLoad: FilesWeight;
  /** All the JS once the visitor first moved the pointer and the app took the page over. */
  jsOnceReached: FilesWeight;
  /** The budgets of e2e/support/budgets.ts, which page-budget.spec.ts asserts. */
  jsBudgetGzipBytes: number;
  appJsBudgetGzipBytes: number;
  cssBudgetGzipBytes: number;
};

async function weigh(requests: Request[]): Promise<FilesWeight> {
  const sizes = await Promise.all(
    requests.map(async (request) => {
      const response = await request.response();
      if (!response) throw new Error(`${request.url()} got no response`);
      const body = await response.body();
      return {
        transfer: Number((await response.allHeaders())['content-length'] ?? body.length),
        decoded: body.length,
        gzip: gzipSync(body, { level: constants.Z_BEST_COMPRESSION }).length,
      };
    }),
  );
  const sum = (pick: (size: (typeof sizes)[number]) => number) =>
    sizes.reduce((total, size) => total + pick(size), 0);
  return {
    files: sizes.length,
    transferBytes: sum((size) => size.transfer),
    decodedBytes: sum((size) => size.decoded),
    gzipBytes: sum((size) => size.gzip),
  };
}

/**
 * The JavaScript and CSS a first visit to the home page of `baseUrl` loads before any
 * interaction (until the network is idle after the load event), then the JavaScript once the
 * pointer moved and the app took the page over (the app, the home route's chunks and what they
 * import), counted as e2e/tests/page-budget.spec.ts counts them, measured in Chromium. Chunks
 * loaded when first needed are not counted. Deterministic for one build.
 */
export async function measureHomePageWeight(baseUrl: string): Promise<PageWeight> {
  const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumFlags });
  try {
    const page = await browser.newPage();
    const requests: Request[] = [];
    const beforeLoad: Request[] = [];
    let loaded = false;
    page.on('request', (request) => {
      requests.push(request);
      if (!loaded) beforeLoad.push(request);
    });
    page.once('load', () => {
      loaded = true;
    });
    await page.goto(baseUrl, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    const ofType = (type: string, among = requests) =>
      among.filter((request) => request.resourceType() === type);
    const js = await weigh(ofType('script'));
    const css = await weigh(ofType('stylesheet'));
    // The app starts on the first interaction (web/src/app/wake-on-interaction.ts).
    await page.mouse.move(5, 5);
    await page.mouse.move(6, 6);
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    return {
      page: 'home page',
      js,
      css,
      jsBeforeLoad: await weigh(ofType('script', beforeLoad)),
      jsOnceReached: await weigh(ofType('script')),
      jsBudgetGzipBytes: HOME_JS_BUDGET_GZIP_BYTES,
      appJsBudgetGzipBytes: HOME_APP_JS_BUDGET_GZIP_BYTES,
      cssBudgetGzipBytes: HOME_CSS_BUDGET_GZIP_BYTES,
    };
  } finally {
    await browser.close();
  }
}

/** kB as Vite prints them and the budgets count them (1 kB = 1000 bytes). */
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** '- home page JS: 2 files, 445.0 kB, 108.2 kB gzip (97.1 kB as sent); budget 110.0 kB gzip: met'. */
export function describeWeight(weight: PageWeight): string[] {
  const files = (name: string, files: FilesWeight) =>
    `${weight.page} ${name}: ${files.files} files, ${kb(files.decodedBytes)}, ${kb(files.gzipBytes)} gzip (${kb(files.transferBytes)} as sent)`;
  const budget = (bytes: number, budgetBytes: number) =>
    `budget ${kb(budgetBytes)} gzip: ${bytes <= budgetBytes ? 'met' : 'NOT met'}`;
  return [
    `- ${files('JS before interaction', weight.js)}; ${budget(weight.js.gzipBytes, weight.jsBudgetGzipBytes)}`,
    `- ${files('CSS before interaction', weight.css)}; ${budget(weight.css.gzipBytes, weight.cssBudgetGzipBytes)}`,
    `- of the JS, requested before the load event: ${weight.jsBeforeLoad.files} files, ${kb(weight.jsBeforeLoad.gzipBytes)} gzip`,
    `- ${files('JS once the pointer moved (the app)', weight.jsOnceReached)}; ${budget(weight.jsOnceReached.gzipBytes, weight.appJsBudgetGzipBytes)}`,
  ];
}

// `node bench/src/page-weight.ts [distDir ...]`: the home page's JS and CSS of each build.
if (import.meta.main) {
  const dirs = process.argv.slice(2);
  for (const dir of dirs.length ? dirs : [undefined]) {
    const server = await startAppServer('page weight', dir ? { WEB_DIST_DIR: dir } : {});
    try {
      console.log(
        `${dir ?? 'web/dist'}:\n${describeWeight(await measureHomePageWeight(server.baseUrl)).join('\n')}`,
      );
    } finally {
      await server.stop();
    }
  }
}
