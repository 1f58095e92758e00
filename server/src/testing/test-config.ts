import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../config.ts';

/**
 * A configuration for tests: built from a fixed environment (never the process's), with a fresh
 * temporary DATA_DIR and silent logs (the test database is the caller's). The web app directory
 * does not exist unless a test passes `webDistDir`.
 */
export function createTestConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tools-factory-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ACCESS_TOKEN_SECRET: 'test-access-token-secret-0123456789abcdef',
    BETTER_AUTH_SECRET: 'test-better-auth-secret-0123456789abcdef',
    WEB_DIST_DIR: path.join(dataDir, 'web-dist-not-built'),
    SEED_DEMO: '0',
  });
  return { ...config, seedDemo: false, ...overrides };
}

/**
 * Lifts the per-account order caps (MAX_UNPAID_ORDERS, ORDER_RATE_LIMIT, UNVERIFIED_HOLD_LIMIT:
 * test accounts are unverified, UNPAID_HOLD_LIMIT, UNPAID_TOOL_SHARE) for tests about something
 * else (stock, expiry, removal) that place many orders from one account; the caps have their own
 * tests in orders.hoarding.test.ts, holds.routes.test.ts and orders.hold-limits.test.ts.
 */
export const UNCAPPED_ORDERS = {
  maxUnpaidOrders: 1_000_000,
  orderRateLimit: 1_000_000,
  unverifiedHoldLimit: 1_000_000_000,
  unpaidHoldLimit: 1_000_000_000,
  unpaidToolSharePercent: 100,
  /** The contact form's per-client limit too: the walks send every call from one address. */
  contactRateLimit: 1_000_000,
} as const satisfies Partial<Config>;
