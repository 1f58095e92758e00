/**
 * `npm run seed:scale -- --tools 50000 --orders 1000000`: scale data into the database the server
 * would open (DATABASE_URL, else PGlite in DATA_DIR/pglite), after the server's own migrations.
 * What it writes: seed-scale.ts. Prints progress, then the rows and seconds per table, the
 * database's size and how to sign in.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { scaleToolCapacity } from './families.ts';
import { seedScale, ScaleSeedRefused } from './seed-scale.ts';

const USAGE = `Usage: npm run seed:scale -- [options]

Fills the database the server uses (DATABASE_URL, else PGlite in DATA_DIR/pglite) with a
catalog of tools, verified customers and a year of orders, deterministic from the seed.

  --tools N       tools (default 50000 on PostgreSQL, 10000 on PGlite; 20 to ${scaleToolCapacity})
  --orders N      orders, the lines of checkouts (default 1000000 on PostgreSQL, 100000 on PGlite)
  --customers N   verified customers (default tools / 5, at least 10)
  --reviews N     reviews of the shop (default customers / 4, from 10 to 500)
  --seed N        the seed (default 1): the same seed makes the same data
  --password P    every account's password (default printed at the end)
  --reset         empty every table of the shop first (tools, accounts, orders, invoices...;
                  the gallery is kept): needed when the database has orders. --force: the same
  --help          this text
`;

/** A whole number option, or the default; exits with the usage when it is not one. */
function wholeNumber(value: string | undefined, name: string, fallback: number): number;
function wholeNumber(value: string | undefined, name: string): number | undefined;
function wholeNumber(value: string | undefined, name: string, fallback?: number) {
  if (value === undefined) return fallback;
  const number = Number(value.replaceAll('_', '').replaceAll(',', ''));
  if (!Number.isInteger(number) || number < 0) {
    console.error(`--${name} takes a whole number, not '${value}'\n\n${USAGE}`);
    process.exit(2);
  }
  return number;
}

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const problem of error.problems) console.error(`Invalid configuration: ${problem}`);
    process.exit(1);
  }
}

const { values } = parseArgs({
  options: {
    tools: { type: 'string' },
    orders: { type: 'string' },
    customers: { type: 'string' },
    reviews: { type: 'string' },
    seed: { type: 'string' },
    password: { type: 'string' },
    reset: { type: 'boolean', default: false },
    force: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const config = readConfig();
const onPostgres = Boolean(config.databaseUrl);
const where = config.databaseUrl
  ? `PostgreSQL ${config.databaseUrl.replace(/\/\/[^@/]*@/, '//***@')}`
  : `PGlite in ${path.join(config.dataDir, 'pglite')}`;
const tools = wholeNumber(values.tools, 'tools', onPostgres ? 50_000 : 10_000);
const orders = wholeNumber(values.orders, 'orders', onPostgres ? 1_000_000 : 100_000);
if (config.shippingRates.kind === 'quoted') {
  console.warn('SHIPPING_RATES quotes shipping: the generated checkouts ship free.');
}

console.log(`seed:scale into ${where}: migrating`);
const database: DatabaseHandle = config.databaseUrl
  ? await openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: 2 })
  : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
try {
  const result = await seedScale(database.db, {
    tools,
    orders,
    customers: wholeNumber(values.customers, 'customers'),
    reviews: wholeNumber(values.reviews, 'reviews'),
    seed: wholeNumber(values.seed, 'seed', 1),
    ...(values.password ? { password: values.password } : {}),
    reset: values.reset || values.force,
    shop: config,
    log: (line) => console.log(line),
  });
  const size = (await database.db.execute(
    sql`select pg_size_pretty(pg_database_size(current_database())) as size`,
  )) as unknown as { rows: { size: string }[] };
  console.log('\ntable                 rows   seconds');
  for (const [table, seconds] of Object.entries(result.seconds)) {
    const rows = result.rows[table];
    console.log(
      `${table.padEnd(17)}${(rows === undefined ? '' : rows.toLocaleString('en-US')).padStart(10)}${seconds.toFixed(1).padStart(10)}`,
    );
  }
  for (const [table, rows] of Object.entries(result.rows)) {
    if (!(table in result.seconds)) {
      console.log(
        `${table.padEnd(17)}${rows.toLocaleString('en-US').padStart(10)}   (with the row above)`,
      );
    }
  }
  console.log(
    `\nin ${result.totalSeconds.toFixed(1)} s; the database is now ${size.rows[0]?.size}`,
  );
  console.log(`Every account's password: ${result.password}`);
  console.log(`Admin: ${result.adminEmail}; a customer with orders: ${result.sampleCustomerEmail}`);
} catch (error) {
  if (!(error instanceof ScaleSeedRefused || error instanceof RangeError)) throw error;
  console.error(`seed:scale did nothing. ${error.message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
