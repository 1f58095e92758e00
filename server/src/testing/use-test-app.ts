import { afterAll, beforeAll } from 'vitest';
import type { App } from '../app.ts';
import { signUpTestAccount, type TestAccount } from './accounts.ts';
import { signUpTestAdmin } from './admins.ts';
import { buildTestApp, type TestAppOptions } from './build-test-app.ts';
import { createTestTool } from './factories.ts';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in.ts';
import { UNCAPPED_ORDERS } from './test-config.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

/**
 * A stand-in for an object that a beforeAll hook makes later: it forwards every use to that
 * object, so that a describe block can name the object as a `const` (no `let x: T` and no
 * `x!`), and the tests read `app.inject(...)` as with the object itself. Reading it before the
 * hook ran (in the describe body itself) fails with `label` in the message.
 */
function standIn<T extends object>(label: string): { value: T; fill(value: T | undefined): void } {
  let current: T | undefined;
  const real = (): T => {
    if (current === undefined) {
      throw new Error(`${label} is made in a beforeAll hook: use it inside a test or a hook`);
    }
    return current;
  };
  // The target is never read: every trap below forwards to the object the hook made.
  const value = new Proxy({} as T, {
    get(_target, key) {
      const object = real();
      const property: unknown = Reflect.get(object, key, object);
      // Methods run on the object itself, so that their `this` is never the stand-in.
      return typeof property === 'function'
        ? (property as (...args: unknown[]) => unknown).bind(object)
        : property;
    },
    set: (_target, key, property) => Reflect.set(real(), key, property),
    has: (_target, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor(_target, key) {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      // A proxy may not report a property non-configurable that its own target lacks.
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
  return {
    value,
    fill(next) {
      current = next;
    },
  };
}

/**
 * An object that the enclosing describe block (or file) makes once in a beforeAll hook, named
 * as a `const`: `const tool = useBeforeAll('tool', () => createTestTool(app))`. For objects
 * only (a stand-in cannot be a number or a string), and not for typed arrays or other objects
 * with internal slots, which a stand-in cannot imitate.
 */
export function useBeforeAll<T extends object>(label: string, make: () => Promise<T>): T {
  const made = standIn<T>(label);
  beforeAll(async () => {
    made.fill(await make());
  });
  return made.value;
}

/**
 * A server the tests stand up beside the app (an OpenID provider, an SMTP server, Stripe's
 * stand-in): started in a beforeAll hook, closed in an afterAll hook. Registered before the app
 * whose options read it, it starts before that app is built and stops after it is closed.
 */
export function useStarted<T extends { close(): Promise<void> }>(
  label: string,
  start: () => Promise<T>,
): T {
  let started: T | undefined;
  const value = useBeforeAll(label, async () => (started = await start()));
  afterAll(async () => {
    await started?.close();
    started = undefined;
  });
  return value;
}

/**
 * A database of its own for apps that share one (two instances): made in a beforeAll hook,
 * dropped in an afterAll hook, after the apps registered later are closed. An app gets its own
 * handle with `useTestApp(async () => ({ database: await database.connect() }))`.
 */
export function useTestDatabase(): TestDatabase {
  let made: TestDatabase | undefined;
  const value = useBeforeAll('The test database', async () => (made = await createTestDatabase()));
  afterAll(async () => {
    await made?.destroy();
    made = undefined;
  });
  return value;
}

/**
 * The app for the tests
 of the enclosing describe block (or file): built in a beforeAll hook on
 * a fresh database, closed (its database dropped) in an afterAll hook. Options that depend on
 * something an earlier hook starts (a stand-in server's URL) are given as a function, which
 * runs in the hook. Hooks registered after this one see the app built; afterAll hooks
 * registered before it (stopping such a server) run after the app is closed.
 */
export function useTestApp(
  options: TestAppOptions | (() => TestAppOptions | Promise<TestAppOptions>) = {},
): App {
  const app = standIn<App>('The test app');
  let built: App | undefined;
  beforeAll(async () => {
    built = await buildTestApp(typeof options === 'function' ? await options() : options);
    app.fill(built);
  });
  afterAll(async () => {
    await built?.close();
    built = undefined;
    app.fill(undefined);
  });
  return app.value;
}

export { listenOnFreePort } from './app-fixtures.ts';

/** A customer account signed up in a beforeAll hook (see signUpTestAccount). */
export function useTestAccount(
  app: App,
  options: Parameters<typeof signUpTestAccount>[1] = {},
): TestAccount {
  return useBeforeAll('The test account', () => signUpTestAccount(app, options));
}

/** A tool on sale, written in a beforeAll hook (see createTestTool). */
export function useTestTool(
  app: App,
  overrides: Parameters<typeof createTestTool>[1] = {},
): Awaited<ReturnType<typeof createTestTool>> {
  return useBeforeAll('The test tool', () => createTestTool(app, overrides));
}

/**
 * An admin signed up in a beforeAll hook (see signUpTestAdmin): `email` must be in the app's
 * ADMIN_EMAILS (`useTestApp({ config: { adminEmails: [email] } })`).
 */
export function useTestAdmin(
  app: App,
  options: Parameters<typeof signUpTestAdmin>[1],
): TestAccount {
  return useBeforeAll('The test admin', () => signUpTestAdmin(app, options));
}

/**
 * The app with the stripe gateway (and UNCAPPED_ORDERS), its calls to Stripe going to a local
 * stand-in of Stripe started before it and stopped after it.
 */
export function useStripeTestApp(keys: {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
}): { app: App; standIn: StripeStandIn } {
  const standIn = useStarted('The Stripe stand-in', () =>
    startStripeStandIn({ secretKey: keys.secretKey }),
  );
  const app = useTestApp(() => ({
    config: { ...UNCAPPED_ORDERS, stripe: { ...keys, apiUrl: standIn.url } },
  }));
  return { app, standIn };
}
