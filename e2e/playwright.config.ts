import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumFlags, findJourneyChromium } from './support/find-chromium.ts';
import { prepareTestServer } from './support/test-server.ts';
import { E2E_OIDC_CLIENT } from './support/oidc-client.ts';
import { E2E_ADMIN_EMAIL } from './support/accounts.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
/**
 * Journeys that change what every visitor sees: tools added or removed, reviews posted, price
 * breaks edited, stock of seeded tools ordered (which the other journeys count on).
 */
const CHANGES_WHAT_EVERYONE_SEES =
  /(dashboard-(admin-catalog|customer)|price-breaks|sales|sales-range|low-stock|verbatim-review|manage-tools-edit|sku|categories)\.spec\.ts$/;
const { port, oidcPort, dataDir } = await prepareTestServer();
const baseURL = `http://127.0.0.1:${port}`;
const oidcIssuer = `http://127.0.0.1:${oidcPort}`;

/**
 * Journeys in a real Chromium against the built app (web/dist, served by the real server) on a
 * random port with a fresh database, so the demo seed is what every journey sees.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // On CI one retry: a journey that fails once on a shared, loaded machine and passes on its
  // retry is reported as flaky (with the first attempt's error, and the retry's trace) instead of
  // sinking the whole run; one that fails twice fails. Locally none, so a flaky journey shows at
  // once (`--trace on` records one).
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  // Limits for a hang, never for a slow machine: on two cores loaded by other work (load average
  // 10-19) a quote's whole way took 22 s here and past a minute on a busier CI run. The longest
  // journeys are split into steps set up through the API (e2e/support/shop-api.ts): with
  // stress-ng beside them (load 13-20) the longest took 33 s, under a third of this limit, so
  // none asks for more (no test.slow()). An expectation waits for what a page does after a
  // request, which such a machine may take seconds to show.
  timeout: 180_000,
  expect: { timeout: 30_000 },
  reporter: [['list']],
  use: {
    baseURL,
    // Recording a trace of every journey (its DOM snapshots and screencast) cost a fifth of the
    // run's time in Chromium (the 1280 px sweep: 138 s with it, 108 s without): only a retry's.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: findJourneyChromium(), args: chromiumFlags },
  },
  projects: [
    {
      // Before every journey, once: the owner makes the first admin (its password reset ends
      // every session of the account, so nothing else may be signed in as the admin meanwhile).
      name: 'the-first-admin',
      testMatch: /the-first-admin\.setup\.ts$/,
      use: { ...devices['Desktop Chrome'] },
    },
    {
      name: 'chromium',
      dependencies: ['the-first-admin'],
      testIgnore: CHANGES_WHAT_EVERYONE_SEES,
      use: { ...devices['Desktop Chrome'] },
    },
    {
      // After the others: they count the home page's tools and reviews against the API, and
      // these journeys add and remove tools and post reviews on the same server.
      name: 'catalog-changes',
      testMatch: CHANGES_WHAT_EVERYONE_SEES,
      dependencies: ['chromium'],
      use: { ...devices['Desktop Chrome'] },
    },
  ],
  webServer: [
    {
      // Google's stand-in: a local OpenID Connect provider.
      command: `"${process.execPath}" e2e/support/oidc-server.ts`,
      cwd: repoRoot,
      url: `${oidcIssuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 300_000,
      env: { E2E_OIDC_PORT: String(oidcPort) },
    },
    {
      // What `npm run serve` runs: the server as `npm run build` bundled it (server/dist), on the
      // same Node 24 that runs Playwright (process.execPath).
      command: `"${process.execPath}" server/dist/server.js`,
      cwd: repoRoot,
      url: `${baseURL}/api/ready`,
      reuseExistingServer: false,
      timeout: 300_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ADMIN_EMAILS: E2E_ADMIN_EMAIL,
        // The journeys' customers never verify their e-mail and order the seeded tools' larger
        // quantities: the cap on what such an account holds unpaid has its own server tests.
        UNVERIFIED_HOLD_LIMIT: '1000000000',
        // Nor the limit of a verified account, nor the share of a tool's stock one account may
        // hold unpaid (a journey orders 41 of 100 units, then 11 more): their own server tests.
        UNPAID_HOLD_LIMIT: '1000000000',
        UNPAID_TOOL_SHARE: '100',
        // Every browser here is one client (127.0.0.1): the contact form's limit per client has
        // its own server tests.
        CONTACT_RATE_LIMIT: '1000',
        // The journeys add tools of their own, hundreds in a whole run: the home page lists them
        // all as SPEC.md has it (the switch above the limit has its own server and web tests).
        HOME_PAGE_TOOLS_LIMIT: '10000',
        GOOGLE_CLIENT_ID: E2E_OIDC_CLIENT.clientId,
        GOOGLE_CLIENT_SECRET: E2E_OIDC_CLIENT.clientSecret,
        GOOGLE_DISCOVERY_URL: `${oidcIssuer}/.well-known/openid-configuration`,
      },
    },
  ],
});
