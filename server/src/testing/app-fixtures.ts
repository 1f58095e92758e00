import type { AddressInfo } from 'node:net';
import { test as base } from 'vitest';
import type { App } from '../app.ts';
import { signUpTestAccount, uniqueEmail, type TestAccount } from './accounts.ts';
import { signUpTestAdmin } from './admins.ts';
import { buildTestApp, type TestAppOptions } from './build-test-app.ts';
import { createTestTool } from './factories.ts';
import { startStripeStandIn } from './stripe-stand-in.ts';
import { UNCAPPED_ORDERS } from './test-config.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

/**
 * The server tests' app and what they do with it, as Vitest fixtures (`test.extend`).
 *
 * Design. Every fixture here is file-scoped: made once per test file, the first time a test or a
 * `test.beforeAll` hook asks for it, and closed when the file's last test has run (the app before
 * the things it was built on). Vitest keeps one value per fixture *definition* and file, and lets a
 * file-scoped fixture be defined or overridden only at a file's top level, never inside a describe.
 * So a file whose groups of tests need differently configured apps (or apps of their own) calls
 * `appTest(options)` once per app at its top level and uses each in its describe: each call is a
 * new definition, so each describe gets an app, accounts and tool of its own, as when an app was
 * built in a describe's beforeAll (they are closed at the end of the file, not of the describe).
 * A file with one app of the default configuration uses `test` (or `it`) as it is.
 *
 * Fixtures: `app` (on a fresh database, closed and dropped at the end), `customer` and
 * `otherCustomer` (accounts signed up on it), `admin` (an admin: the app's ADMIN_EMAILS always
 * hold `adminEmail`, a fresh address), `tool` (a tool on sale); `stripeAppTest` adds `stripe`, the stand-in of Stripe the
 * app calls; `database` is a database for several apps of the file (two instances), dropped
 * after them: `openTestApp({ database: await database.connect() }, tools)`. A file needing more
 * (a second account, servers started before the app, apps on `database`) extends these with
 * `.extend(name, { scope: 'file' }, ...)` at its top level, using `openTestApp` and `closeAtEnd`.
 */

/** What the fixture functions receive as their second argument. */
type FixtureTools = { onCleanup: (cleanup: () => Promise<void> | void) => void };

export type AppTestOptions = TestAppOptions & {
  /** Fields of the `tool` fixture to change from createTestTool's. */
  tool?: Parameters<typeof createTestTool>[1];
  /** The `customer` fixture's name, where a test reads it back (signUpTestAccount's otherwise). */
  customerName?: string;
  /** The `admin` fixture's name, where a test reads it back (signUpTestAdmin's otherwise). */
  adminName?: string;
};

/** The app built for the fixtures, closed (its own database dropped) when the file ends. */
export async function openTestApp(
  options: TestAppOptions,
  { onCleanup }: FixtureTools,
): Promise<App> {
  return closeAtEnd(await buildTestApp(options), { onCleanup });
}

/**
 * A fixture of an app on the file's `database` (one of several instances of a file), with
 * UNCAPPED_ORDERS and the file's `adminEmail` as its ADMIN_EMAILS, and `options` added (more
 * config, a clock): `appTest().extend('second', { scope: 'file' }, instanceOnDatabase())`.
 */
export function instanceOnDatabase(options: TestAppOptions = {}) {
  return async (
    { database, adminEmail }: { database: TestDatabase; adminEmail: string },
    tools: FixtureTools,
  ): Promise<App> =>
    openTestApp(
      {
        ...options,
        database: await database.connect(),
        config: { ...UNCAPPED_ORDERS, adminEmails: [adminEmail], ...options.config },
      },
      tools,
    );
}

/** Something started for the fixtures (a server, a database), closed when the file ends. */
export function closeAtEnd<T extends { close(): Promise<void> }>(
  started: T,
  { onCleanup }: FixtureTools,
): T {
  onCleanup(() => started.close());
  return started;
}

/** The options with `adminEmail` added to the app's ADMIN_EMAILS. */
function withAdminEmail(options: TestAppOptions, adminEmail: string): TestAppOptions {
  const adminEmails = [...(options.config?.adminEmails ?? []), adminEmail];
  return { ...options, config: { ...options.config, adminEmails } };
}

/** Stripe's keys of the apps with the stripe gateway (`stripeAppTest`). */
export const STRIPE_TEST_KEYS = {
  secretKey: 'sk_test_tools_factory_app',
  publishableKey: 'pk_test_tools_factory_app',
  webhookSecret: 'whsec_tools_factory_app',
};

/**
 * The fixtures of an app test. With `stripeKeys`, the app has the stripe gateway (and
 * UNCAPPED_ORDERS) and calls the `stripe` stand-in, started before it and stopped after it.
 */
function appFixtures(options: AppTestOptions, stripeKeys?: typeof STRIPE_TEST_KEYS) {
  const { tool: toolOverrides, customerName, adminName, ...appOptions } = options;
  return (
    base
      // Vitest reads a fixture's dependencies from its first parameter, which must be a pattern.
      // eslint-disable-next-line no-empty-pattern
      .extend('stripe', { scope: 'file' }, async ({}, tools) => {
        if (!stripeKeys) throw new Error('This app has no Stripe stand-in: use stripeAppTest');
        return closeAtEnd(await startStripeStandIn({ secretKey: stripeKeys.secretKey }), tools);
      })
      // eslint-disable-next-line no-empty-pattern -- as above
      .extend('database', { scope: 'file' }, async ({}, { onCleanup }) => {
        const database = await createTestDatabase();
        onCleanup(() => database.destroy());
        return database;
      })
      .extend('adminEmail', { scope: 'file' }, () => uniqueEmail('admin'))
      .extend(
        'app',
        { scope: 'file' },
        stripeKeys
          ? ({ adminEmail, stripe }, tools) => {
              const stripeConfig = { ...stripeKeys, apiUrl: stripe.url };
              const config = { ...UNCAPPED_ORDERS, ...appOptions.config, stripe: stripeConfig };
              return openTestApp(withAdminEmail({ ...appOptions, config }, adminEmail), tools);
            }
          : ({ adminEmail }, tools) => openTestApp(withAdminEmail(appOptions, adminEmail), tools),
      )
      .extend('customer', { scope: 'file' }, ({ app }): Promise<TestAccount> =>
        signUpTestAccount(app, { name: customerName }),
      )
      .extend('otherCustomer', { scope: 'file' }, ({ app }) => signUpTestAccount(app))
      .extend('admin', { scope: 'file' }, ({ app, adminEmail }) =>
        signUpTestAdmin(app, { email: adminEmail, name: adminName }),
      )
      .extend('tool', { scope: 'file' }, ({ app }) => createTestTool(app, toolOverrides))
  );
}

/** A test API whose fixtures are an app built with `options` and what the tests do with it. */
export function appTest(options: AppTestOptions = {}) {
  return appFixtures(options);
}

/**
 * As appTest, the app having the stripe gateway (STRIPE_TEST_KEYS) and calling the `stripe`
 * stand-in.
 */
export function stripeAppTest(options: AppTestOptions = {}) {
  return appFixtures(options, STRIPE_TEST_KEYS);
}

/** The app of the default configuration. */
export const test = appTest();
export const it = test;

/**
 * Starts the app's HTTP server on a free port of 127.0.0.1, for tests that speak raw HTTP (the
 * app closes it on close); answers the port.
 */
export async function listenOnFreePort(app: App): Promise<number> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as AddressInfo).port;
}
