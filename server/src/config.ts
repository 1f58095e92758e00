import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  FREE_SHIPPING,
  SHOP_TAX_MODES,
  ShippingRatesSettingSchema,
  type ShippingRates,
  type ShopTaxMode,
} from '@tools-factory/contract';
import { serverRoot } from './server-root.ts';
import { DEFAULT_DISK_RESERVE_MB, MIN_DISK_RESERVE_MB } from './db/disk-reserve.ts';

const repoRoot = path.resolve(serverRoot, '..');

const booleanFlag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((value) => value === '1' || value === 'true');

const optionalUrl = (schemes: string[]) =>
  z
    .string()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine(
      (value) => value === undefined || schemes.some((scheme) => value.startsWith(`${scheme}:`)),
      { message: `must be a URL starting with ${schemes.map((s) => `${s}://`).join(' or ')}` },
    )
    .refine((value) => value === undefined || URL.canParse(value), {
      message: 'is not a valid URL',
    });

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/**
 * How many searches one client (its address; an IPv6 client by its /64) may make in a minute,
 * GET /api/search and GET /api/parts?q= together. Only a search the server has not answered
 * since the catalog last changed counts (a kept answer is sent before any route: decision 028),
 * so a crowd asking the same words costs nothing; each new one costs the database a few
 * milliseconds (issue 43 item 2). A person, even in an office behind one address, searches far
 * less often. SEARCH_RATE_LIMIT sets another.
 */
export const SEARCHES_PER_MINUTE = 120;

/** An amount in dollars, at most two decimals (a hold limit). */
const dollarAmount = z.coerce
  .number()
  .nonnegative()
  .refine((dollars) => Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6, {
    message: 'must be an amount in dollars with at most two decimals',
  });

/** The environment as the server reads it. Every variable is documented in README.md. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: optionalUrl(['http', 'https']),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, 'data')),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  SEED_DEMO: booleanFlag,
  ACCESS_TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  BETTER_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  MAIL_FROM: z.string().default('Tools Factory <no-reply@tools-factory.local>'),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_DISCOVERY_URL: z
    .url()
    .default('https://accounts.google.com/.well-known/openid-configuration'),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_URL: optionalUrl(['http', 'https']),
  REDIS_URL: optionalUrl(['redis', 'rediss']),
  ORDER_HOLD_HOURS: z.coerce.number().positive().default(48),
  // How often each instance looks for payment reminders of invoices on account to send (issue 45).
  INVOICE_REMINDER_SWEEP_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  MAX_UNPAID_ORDERS: z.coerce.number().int().min(1).default(5),
  // Dollars, at most two decimals: what the unpaid orders of an unverified account may come to.
  UNVERIFIED_HOLD_LIMIT: dollarAmount.default(2000),
  // Dollars: what the unpaid orders of a verified account may come to, unless an admin set the
  // account's own limit (Stock holds).
  UNPAID_HOLD_LIMIT: dollarAmount.default(25000),
  // Percent of a tool's stock one account may hold unpaid (100: as much as is on sale).
  UNPAID_TOOL_SHARE: z.coerce.number().int().min(1).max(100).default(50),
  ORDER_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  // Tools on sale the home page lists whole; above it, the categories and a first page.
  HOME_PAGE_TOOLS_LIMIT: z.coerce.number().int().min(0).max(10_000).default(60),
  // Identity sessions: ended after this many hours without activity (at least an access token's
  // day, which is renewed through the session), and this many days after sign-in whatever happens.
  SESSION_IDLE_HOURS: z.coerce
    .number()
    .min(24, 'must be at least 24 (an access token lives a day)')
    .default(72),
  SESSION_MAX_DAYS: z.coerce.number().positive().default(30),
  CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  SEARCH_RATE_LIMIT: z.coerce.number().int().min(1).default(SEARCHES_PER_MINUTE),
  // Issue 40: sign-in code guesses one account takes a day, from all clients together (at most
  // 10,000: a stranger's chance a day is this many in 2^40), and e-mails of each kind (sign-in
  // code, reset, verification) one address gets an hour, whoever asks.
  SIGN_IN_CODE_GUESSES_PER_DAY: z.coerce.number().int().min(1).max(10_000).default(100),
  IDENTITY_EMAILS_PER_HOUR: z.coerce.number().int().min(1).default(5),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value) => (value === undefined || value === '' ? undefined : value)),
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'web/dist')),
  // Where the tools' uploaded pictures are kept (issue 25); unset: DATA_DIR/images/tools.
  TOOL_IMAGES_DIR: z
    .string()
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? undefined : value)),
  // The seller on invoices and credit notes (issue 25): '\n' (or a real line break) splits lines.
  SELLER_NAME: z.string().trim().min(1).default('Tools Factory Ltd'),
  SELLER_ADDRESS: z.string().default('1 Forge Lane\\nSheffield S1 2AB\\nUnited Kingdom'),
  SELLER_COMPANY_NUMBER: z.string().trim().default('12345678'),
  SELLER_TAX_NUMBER: z.string().trim().default('GB123456789'),
  SELLER_BANK_DETAILS: z
    .string()
    .default('Forge Bank plc\\nIBAN GB00 FRGE 0000 0000 0000 00\\nBIC FRGEGB2L'),
  SELLER_EMAIL: z.string().trim().default('sales@toolsfactory.example'),
  // Why an invoice at a tax rate of 0% charges no VAT (issue 42), printed under its totals.
  SELLER_ZERO_TAX_REASON: z
    .string()
    .trim()
    .min(1)
    .default('no VAT is charged on these sales (TAX_RATE_PERCENT is 0).'),
  // Whether list prices include the tax (`included`, the default) or it is added on top (`added`,
  // as businesses book it): issue 45, contract/src/tax.ts.
  TAX_MODE: z.enum(SHOP_TAX_MODES).default('included'),
  // The shop-wide tax rate, in percent with at most two decimals (20, 7.5).
  TAX_RATE_PERCENT: z.coerce
    .number()
    .min(0)
    .max(100)
    .refine((percent) => Math.abs(percent * 100 - Math.round(percent * 100)) < 1e-6, {
      message: 'must be a percentage with at most two decimals (20, 7.5)',
    })
    .default(0),
  // What shipping costs (issue 42), as JSON: {"flat": 25, "freeFrom": 500}, {"bands": [{"from":
  // 0, "charge": 40}, {"from": 1000, "charge": 20}]}, {"quoted": true}. Unset: free.
  SHIPPING_RATES: z
    .string()
    .optional()
    .transform((value, context): ShippingRates => {
      if (value === undefined || value.trim() === '') return FREE_SHIPPING;
      let json: unknown;
      try {
        json = JSON.parse(value);
      } catch {
        context.addIssue({ code: 'custom', message: 'must be JSON, as {"flat": 25}' });
        return z.NEVER;
      }
      const setting = ShippingRatesSettingSchema.safeParse(json);
      if (setting.success) return setting.data;
      for (const issue of setting.error.issues) {
        context.addIssue({ code: 'custom', message: issue.message });
      }
      return z.NEVER;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // PGlite: the free space (MB) DATA_DIR keeps; below it writes are refused (db/disk-reserve.ts).
  DISK_RESERVE_MB: z.coerce
    .number()
    .int()
    .min(MIN_DISK_RESERVE_MB, `must be at least ${MIN_DISK_RESERVE_MB} (a WAL segment)`)
    .default(DEFAULT_DISK_RESERVE_MB),
});

export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** Unset: PGlite under dataDir. */
  databaseUrl: string | undefined;
  seedDemo: boolean;
  accessTokenSecret: string;
  betterAuthSecret: string;
  adminEmails: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  google: { clientId: string; clientSecret: string; discoveryUrl: string } | undefined;
  stripe:
    | { secretKey: string; publishableKey: string; webhookSecret: string; apiUrl?: string }
    | undefined;
  redisUrl: string | undefined;
  orderHoldHours: number;
  /**
   * How often each instance sweeps for payment reminders of invoices on account, in seconds
   * (INVOICE_REMINDER_SWEEP_SECONDS): a reminder leaves at most this long after its moment.
   */
  invoiceReminderSweepSeconds: number;
  /** Unpaid orders one account may hold at once (MAX_UNPAID_ORDERS): nobody hoards the stock. */
  maxUnpaidOrders: number;
  /**
   * What the unpaid orders of an account whose e-mail is not verified may come to, in dollars
   * (UNVERIFIED_HOLD_LIMIT): one unverified account cannot hold the stock.
   */
  unverifiedHoldLimit: number;
  /**
   * What the unpaid orders of a verified account may come to, in dollars (UNPAID_HOLD_LIMIT),
   * unless a shop admin set the account's own limit.
   */
  unpaidHoldLimit: number;
  /**
   * The percentage of a tool's stock one account may hold unpaid (UNPAID_TOOL_SHARE): its units
   * held with the new order's, against what is on sale and what it holds of the tool already.
   */
  unpaidToolSharePercent: number;
  /** Orders one account may place a minute (ORDER_RATE_LIMIT). */
  orderRateLimit: number;
  /**
   * The most tools on sale the home page lists whole (HOME_PAGE_TOOLS_LIMIT); above it, the
   * home page shows the categories and the first page of every tool (issue 43).
   */
  homePageToolsLimit: number;
  /**
   * Identity sessions (README): an idle window in hours that each use of the session slides
   * (SESSION_IDLE_HOURS), and an absolute lifetime in days from sign-in (SESSION_MAX_DAYS).
   */
  session: { idleHours: number; maxDays: number };
  /** Contact form messages one client address may send in 10 minutes (CONTACT_RATE_LIMIT). */
  contactRateLimit: number;
  /** Searches not answered before that one client address may make a minute (SEARCH_RATE_LIMIT). */
  searchRateLimit: number;
  /**
   * Sign-in code guesses one account takes in a day, whichever clients make them
   * (SIGN_IN_CODE_GUESSES_PER_DAY); past it the account's code path is paused (auth-rate-limits.ts).
   */
  signInCodeGuessesPerDay: number;
  /**
   * E-mails of one kind (sign-in code, password reset, verification) one address is sent in an
   * hour, whoever asks (IDENTITY_EMAILS_PER_HOUR).
   */
  identityEmailsPerHour: number;
  /**
   * Which proxies to believe about the client's address (Fastify's trustProxy): rate limits key on
   * it. Unset: none (the server faces clients directly).
   */
  trustProxy: boolean | string | undefined;
  webDistDir: string;
  /**
   * The tools' uploaded pictures (TOOL_IMAGES_DIR, by default DATA_DIR/images/tools): with
   * several instances, one directory they all share.
   */
  toolImagesDir: string;
  /** Who sells, as invoices and credit notes name them (SELLER_*): lines split at '\n'. */
  seller: Seller;
  /** TAX_RATE_PERCENT in basis points (20% = 2000), stored on each order when it is placed. */
  taxRateBasisPoints: number;
  /** TAX_MODE: list prices include the tax, or it is added on top; kept on each order placed. */
  taxMode: ShopTaxMode;
  /** What shipping costs (SHIPPING_RATES; free when unset): each checkout is charged by it. */
  shippingRates: ShippingRates;
  /**
   * The web's server entry (its `render`, for the public pages), built beside webDistDir by
   * `npm run build`: WEB_DIST_DIR/../dist-ssr/entry-server.js. Missing: pages get the plain shell.
   */
  webSsrEntry: string;
  logLevel: string;
  /** PGlite: the free space under DATA_DIR, in MB, below which writes are refused. */
  diskReserveMb: number;
};

/** The seller's legal details, as invoices print them (each address line apart). */
export type Seller = {
  name: string;
  addressLines: string[];
  email: string;
  companyNumber: string;
  taxNumber: string;
  bankLines: string[];
  /** Why no VAT is charged at a rate of 0% (SELLER_ZERO_TAX_REASON). */
  zeroTaxReason: string;
};

/** A variable's lines: a literal '\n' (as .env files write it) or a real line break. */
const linesOf = (value: string) =>
  value
    .split(/\\n|\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/**
 * Reads and checks the environment once. Every problem is reported as one line naming its
 * variable, so a bad deployment fails at start, never later.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];
  const production = e.NODE_ENV === 'production';

  if (production && !e.ACCESS_TOKEN_SECRET)
    problems.push('ACCESS_TOKEN_SECRET: required in production');
  if (production && !e.BETTER_AUTH_SECRET)
    problems.push('BETTER_AUTH_SECRET: required in production');
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    problems.push(
      'GOOGLE_CLIENT_ID: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
    );
  }
  const stripeKeys = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET];
  if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean)) {
    problems.push(
      'STRIPE_SECRET_KEY: STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET must be set together',
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const dataDir = path.resolve(e.DATA_DIR);
  const secrets =
    e.ACCESS_TOKEN_SECRET && e.BETTER_AUTH_SECRET
      ? { accessToken: e.ACCESS_TOKEN_SECRET, betterAuth: e.BETTER_AUTH_SECRET }
      : readOrCreateSecrets(dataDir);

  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    // An empty embedded database gets the demo; PostgreSQL only when asked.
    seedDemo: e.DATABASE_URL ? e.SEED_DEMO : true,
    accessTokenSecret: e.ACCESS_TOKEN_SECRET ?? secrets.accessToken,
    betterAuthSecret: e.BETTER_AUTH_SECRET ?? secrets.betterAuth,
    adminEmails: e.ADMIN_EMAILS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            discoveryUrl: e.GOOGLE_DISCOVERY_URL,
          }
        : undefined,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            ...(e.STRIPE_API_URL ? { apiUrl: e.STRIPE_API_URL } : {}),
          }
        : undefined,
    redisUrl: e.REDIS_URL,
    orderHoldHours: e.ORDER_HOLD_HOURS,
    invoiceReminderSweepSeconds: e.INVOICE_REMINDER_SWEEP_SECONDS,
    maxUnpaidOrders: e.MAX_UNPAID_ORDERS,
    unverifiedHoldLimit: e.UNVERIFIED_HOLD_LIMIT,
    unpaidHoldLimit: e.UNPAID_HOLD_LIMIT,
    unpaidToolSharePercent: e.UNPAID_TOOL_SHARE,
    orderRateLimit: e.ORDER_RATE_LIMIT,
    homePageToolsLimit: e.HOME_PAGE_TOOLS_LIMIT,
    session: { idleHours: e.SESSION_IDLE_HOURS, maxDays: e.SESSION_MAX_DAYS },
    contactRateLimit: e.CONTACT_RATE_LIMIT,
    searchRateLimit: e.SEARCH_RATE_LIMIT,
    signInCodeGuessesPerDay: e.SIGN_IN_CODE_GUESSES_PER_DAY,
    identityEmailsPerHour: e.IDENTITY_EMAILS_PER_HOUR,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    toolImagesDir: e.TOOL_IMAGES_DIR
      ? path.resolve(e.TOOL_IMAGES_DIR)
      : path.join(dataDir, 'images', 'tools'),
    webSsrEntry: path.resolve(e.WEB_DIST_DIR, '..', 'dist-ssr', 'entry-server.js'),
    seller: {
      name: e.SELLER_NAME,
      addressLines: linesOf(e.SELLER_ADDRESS),
      email: e.SELLER_EMAIL,
      companyNumber: e.SELLER_COMPANY_NUMBER,
      taxNumber: e.SELLER_TAX_NUMBER,
      bankLines: linesOf(e.SELLER_BANK_DETAILS),
      zeroTaxReason: e.SELLER_ZERO_TAX_REASON,
    },
    taxRateBasisPoints: Math.round(e.TAX_RATE_PERCENT * 100),
    taxMode: e.TAX_MODE,
    shippingRates: e.SHIPPING_RATES,
    logLevel: e.LOG_LEVEL,
    diskReserveMb: e.DISK_RESERVE_MB,
  };
}

/** TRUST_PROXY: `true` (any proxy) or the proxies' addresses/CIDRs (`10.0.0.0/8,127.0.0.1`). */
function parseTrustProxy(value: string | undefined): boolean | string | undefined {
  if (value === undefined || value === 'false') return undefined;
  if (value === 'true') return true;
  return value;
}

/** Secrets for the embedded setup: made on first start, kept in DATA_DIR so restarts keep sessions. */
function readOrCreateSecrets(dataDir: string): { accessToken: string; betterAuth: string } {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as {
      accessToken: string;
      betterAuth: string;
    };
    return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const created = {
    accessToken: randomBytes(32).toString('base64url'),
    betterAuth: randomBytes(32).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(created), { mode: 0o600 });
  return created;
}
