import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { searchWords } from '@tools-factory/contract';
import { withBenchDatabase, withPgliteDatabase, type Query } from './bench-database.ts';
import type { RequestSpec } from './http.ts';
import { load, loadSample, type LoadOptions } from './load.ts';
import { signInAccount, signUpCustomer, type Customer } from './orders.ts';
import { startAppServer, type RunningServer } from './processes.ts';
import { IDLE_RSS_GOAL_BYTES, type Row, type RowGoal, type ServerFigures } from './report.ts';
import { alternateRounds } from './rounds.ts';
import { watchServer } from './server-figures.ts';

/**
 * The shop at a manufacturer's size (issue 43): the pages and calls a buyer and an admin make, on
 * a server over the scale data (`npm run seed:scale`: 50,000 tools, a year of a million orders,
 * in the database BENCH_SCALE_URL names), beside the same calls on a server over the demo
 * catalog (a fresh PostgreSQL database), the two taking turns in one run. Goal: p99 under 200 ms
 * at 20 connections (a search under 50 ms) at scale; the ratio column says what the size costs.
 * Then the same on PGlite (10,000 tools, 100,000 orders in BENCH_SCALE_PGLITE_DIR, beside a demo
 * catalog on PGlite): every call under 500 ms, the idle server under 400 MB.
 */

const SCALE_URL = process.env.BENCH_SCALE_URL || 'postgres://postgres@127.0.0.1:5432/scale_50k';
/** The scale data's accounts' password and admin (server/src/scale/seed-scale.ts). */
const SCALE_PASSWORD = process.env.BENCH_SCALE_PASSWORD || 'anvil-ledger-scale-42';
/**
 * BENCH_SCALE_ROWS=<text>[|<text>...]: only the calls whose name holds one of the texts (e.g.
 * 'manageSales', or 'hammer|read for the first time'); every call without.
 */
const ROWS_WANTED = process.env.BENCH_SCALE_ROWS?.split('|')
  .map((text) => text.trim())
  .filter((text) => text !== '');
const SCALE_ADMIN = 'scale-admin@example.com';
/** Issue 43's connections for these rows. */
const CONNECTIONS = 20;
const PAGE_GOAL: RowGoal = { minRatio: 0, maxP99Ms: 200 };
const SEARCH_GOAL: RowGoal = { minRatio: 0, maxP99Ms: 50 };

/**
 * The bench is one client address standing for many buyers: the per-client search limit
 * (SEARCH_RATE_LIMIT, 120 new searches a minute) would answer most distinct searches 429.
 */
const ONE_CLIENT_FOR_MANY = { SEARCH_RATE_LIMIT: '100000000' };

/** Each scale row's baseline: the same call on a demo catalog on the same engine. */
const scaleBaseline = (engine: string) =>
  `the same call on the demo catalog, fresh ${engine}, same run`;

type Shop = {
  server: RunningServer;
  admin: Customer;
  buyer: Customer;
  toolId: string;
  /** Searches a buyer might type, each different, and their words (distinctSearches). */
  searches: Searches;
};

/** How many different searches the distinct-search rows send at most (each connection its share). */
const DISTINCT_SEARCHES = 20_000;

/** What the distinct-search rows ask: searches a buyer might type, and the words they are made of. */
type Searches = { different: string[]; words: string[] };

/**
 * Searches as buyers type them, made from the names and SKUs of the tools on sale in the
 * database at `url` (in a fixed order): a SKU's start, the name up to its first comma, two or
 * three words of it, a word misspelt, a kind with its family; each different, so that the
 * distinct-search rows ask no search twice in a stretch and find no kept answer (the other
 * search rows ask one search again and again). And every word of the names (sizes and units
 * too), for the row that reads each word before it measures; no search is one of them.
 */
async function distinctSearches(query: Query): Promise<Searches> {
  const { rows } = await query(
    `select name, sku from tools where archived_at is null order by md5(id::text)`,
  );
  const tools = rows as Array<{ name: string; sku: string }>;
  const words = new Set<string>();
  const searches = new Set<string>();
  tools.forEach(({ name, sku }, index) => {
    const lower = name.toLowerCase();
    // Every word of the name as the search splits it, its commas and brackets aside.
    searchWords(lower.replace(/[,()]/gu, ' ')).forEach((word) => words.add(word));
    const named = lower.split(/\s+/).filter((word) => /^\p{L}{3,}$/u.test(word));
    const last = named.at(-1) ?? lower;
    const longest = [...named].sort((a, b) => b.length - a.length)[0] ?? last;
    const skuParts = sku.toLowerCase().split('-');
    const ways = [
      skuParts.slice(0, 2).join('-'),
      (lower.split(',')[0] ?? lower).trim(),
      named.slice(0, 2).join(' '),
      skuParts.slice(0, 3).join('-'),
      named.slice(-3).reverse().join(' '),
      // A letter left out of the longest word ('hamer'), as a hurried buyer types it.
      `${longest.slice(0, 2)}${longest.slice(3)} ${named[0] ?? ''}`.trim(),
      `${named[1] ?? ''} ${last}`.trim(),
    ];
    searches.add(ways[index % ways.length]!);
  });
  const different = [...searches]
    .filter((search) => search.length > 0 && !words.has(search))
    .slice(0, DISTINCT_SEARCHES);
  return { different, words: [...words] };
}

/** How long a row that reads words before it measures waits for the server's reads behind them. */
const READS_BEHIND_MS = 8_000;

/** Asks each request once, `connections` at a time (the words a row reads before it measures). */
async function askEach(
  baseUrl: string,
  requests: readonly RequestSpec[],
  connections = CONNECTIONS,
): Promise<void> {
  let next = 0;
  async function asker(): Promise<void> {
    while (next < requests.length) {
      const request = requests[next++]!;
      const response = await fetch(new URL(request.path, baseUrl), {
        method: request.method,
        ...(request.headers ? { headers: request.headers } : {}),
      });
      await response.arrayBuffer();
    }
  }
  await Promise.all(Array.from({ length: connections }, asker));
}

type ScaleOptions = {
  seconds: number;
  warmUp: LoadOptions;
  rounds: number;
  servers?: ServerFigures[];
};

/** Queries on the PostgreSQL database at `url`, each on a connection of its own. */
function postgresQuery(url: string): Query {
  return async (text, params = []) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return { rows: (await client.query(text, params)).rows };
    } finally {
      await client.end();
    }
  };
}

/**
 * What a shop's data gives the rows: its busiest buyer (none in a demo catalog, whose buyer
 * signs up), its newest tool, searches.
 */
type ShopData = { busiestEmail: string | undefined; toolId: string; searches: Searches };

async function shopData(query: Query): Promise<ShopData> {
  const { rows: busiest } = await query(
    `select o.email from orders o join users u on u.email = o.email
     group by o.email order by count(*) desc limit 1`,
  );
  const { rows: tools } = await query(
    'select id from tools where archived_at is null order by created_at desc limit 1',
  );
  if (!tools[0]) throw new Error('the shop has no tool on sale');
  return {
    busiestEmail: busiest[0] ? String(busiest[0].email) : undefined,
    toolId: String(tools[0].id),
    searches: await distinctSearches(query),
  };
}

/** The calls measured, each as the shop's web app makes them. */
function calls(shop: Shop): Array<{
  name: string;
  spec: RequestSpec;
  /** Connection i's own requests, cycled, instead of `spec` for every one. */
  perConnection?: (index: number) => RequestSpec[];
  /** Asked once each (askEach) before the warm-up. */
  before?: RequestSpec[];
  goal: RowGoal;
}> {
  const as = (account: Customer) => ({ authorization: `Bearer ${account.token}` });
  const today = new Date().toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
  const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
  const get = (path: string, headers?: Record<string, string>): RequestSpec => ({
    method: 'GET',
    path,
    ...(headers ? { headers } : {}),
  });
  /** Each connection its own share of `searches`, in their order. */
  const differentSearches = (searches: readonly string[]) => ({
    spec: get(`/api/search?q=${encodeURIComponent(searches[0] ?? 'hammer')}`),
    perConnection: (index: number) => {
      const own = searches.filter((_, at) => at % CONNECTIONS === index);
      // A catalog of fewer searches than connections (the demo's) gives each all of them.
      return (own.length ? own : searches).map((search) =>
        get(`/api/search?q=${encodeURIComponent(search)}`),
      );
    },
  });
  return [
    { name: 'GET /', spec: get('/'), goal: PAGE_GOAL },
    { name: 'GET /purchase/{id}', spec: get(`/purchase/${shop.toolId}`), goal: PAGE_GOAL },
    { name: 'GET /api/tool/{id}', spec: get(`/api/tool/${shop.toolId}`), goal: PAGE_GOAL },
    {
      // The spec's every match, a whole catalog's worth (2 MB at 50,000 tools): the web pages it.
      name: 'GET /api/parts?q=hammer',
      spec: get('/api/parts?q=hammer'),
      goal: { minRatio: 0, pagedInstead: 'GET /api/search' },
    },
    // The web's search (issue 43 item 2): a word corrected ('hamer'), two words, a SKU's start.
    { name: 'GET /api/search?q=hamer', spec: get('/api/search?q=hamer'), goal: SEARCH_GOAL },
    {
      name: 'GET /api/search?q=driver screw&sort=price',
      spec: get('/api/search?q=driver%20screw&sort=price'),
      goal: SEARCH_GOAL,
    },
    { name: 'GET /api/search?q=hm-claw', spec: get('/api/search?q=hm-claw'), goal: SEARCH_GOAL },
    {
      // Every request a search not asked before, on a catalog whose words nobody searched yet:
      // each common word's first read (its posting) is in this stretch.
      name: 'GET /api/search, every request a different search, words read for the first time',
      ...differentSearches(shop.searches.different),
      goal: SEARCH_GOAL,
    },
    {
      // The same once each word of the names was searched (read) before: a shop's steady state,
      // where buyers' new searches are new mixes of the catalog's words. Other searches than the
      // row above, so that none is a kept answer.
      name: 'GET /api/search, every request a different search, its words read before',
      before: shop.searches.words.map((word) => get(`/api/search?q=${encodeURIComponent(word)}`)),
      ...differentSearches([...shop.searches.different].reverse()),
      goal: SEARCH_GOAL,
    },
    {
      name: 'GET /api/checkouts/page (My Orders)',
      spec: get('/api/checkouts/page', as(shop.buyer)),
      goal: PAGE_GOAL,
    },
    {
      // The spec's whole list, which a client of this size should page (README).
      name: 'GET /api/checkouts (every checkout)',
      spec: get('/api/checkouts', as(shop.buyer)),
      goal: { minRatio: 0, pagedInstead: 'GET /api/checkouts/page' },
    },
    {
      name: 'GET /api/manageOrders/search',
      spec: get('/api/manageOrders/search', as(shop.admin)),
      goal: PAGE_GOAL,
    },
    {
      name: 'GET /api/manageOrders/search?status=paid',
      spec: get('/api/manageOrders/search?status=paid', as(shop.admin)),
      goal: PAGE_GOAL,
    },
    {
      name: 'GET /api/users/search',
      spec: get('/api/users/search', as(shop.admin)),
      goal: PAGE_GOAL,
    },
    {
      name: 'GET /api/manageSales, 30 days',
      spec: get(`/api/manageSales?from=${monthAgo}&to=${today}`, as(shop.admin)),
      goal: PAGE_GOAL,
    },
    {
      name: 'GET /api/manageSales, a year',
      spec: get(`/api/manageSales?from=${yearAgo}&to=${today}`, as(shop.admin)),
      goal: PAGE_GOAL,
    },
  ];
}

/** The scale data's server (on `env`), signed in as its admin and its busiest buyer. */
async function scaleShop(
  options: ScaleOptions,
  data: ShopData,
  env: Record<string, string>,
  watch: { label: string; maxIdleRssBytes?: number },
): Promise<Shop> {
  const { busiestEmail } = data;
  if (!busiestEmail) throw new Error('the scale data has no buyer with orders');
  const server = await startAppServer('scale', { SEED_DEMO: '0', ...ONE_CLIENT_FOR_MANY, ...env });
  try {
    const watched = await watchServer(server, watch.label, watch.maxIdleRssBytes);
    options.servers?.push(watched.figures());
    return {
      server,
      admin: await signInAccount(server.baseUrl, SCALE_ADMIN, SCALE_PASSWORD),
      buyer: await signInAccount(server.baseUrl, busiestEmail, SCALE_PASSWORD),
      toolId: data.toolId,
      searches: data.searches,
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/**
 * Each call on the scale shop beside the same call on the demo shop, taking turns; `where`
 * names the engine in the rows, `goal` gives each call's goal there.
 */
async function measureBeside(
  options: ScaleOptions,
  scale: Shop,
  demo: Shop,
  engine: 'PostgreSQL' | 'PGlite',
  size: string,
  goal: (call: ReturnType<typeof calls>[number]) => RowGoal,
): Promise<Row[]> {
  const measured: Row[] = [];
  const demoCalls = calls(demo);
  for (const [index, call] of calls(scale).entries()) {
    const onDemo = demoCalls[index]!;
    if (ROWS_WANTED?.length && !ROWS_WANTED.some((text) => call.name.includes(text))) continue;
    console.log(`bench: ${call.name} at ${size} (${engine}) ...`);
    const load20 = (server: RunningServer, side: typeof call) => (seconds: number) =>
      loadSample(
        server.baseUrl,
        side.spec,
        { connections: CONNECTIONS, seconds },
        side.perConnection,
      );
    if (call.before) await askEach(scale.server.baseUrl, call.before);
    if (onDemo.before) await askEach(demo.server.baseUrl, onDemo.before);
    // The server reads a search's words behind it, one at a time (tool-search.service.ts):
    // about 3 s after the last of the scale names' 235 words on this machine.
    if (call.before) await new Promise((resolve) => setTimeout(resolve, READS_BEHIND_MS));
    await load(scale.server.baseUrl, call.spec, options.warmUp);
    await load(demo.server.baseUrl, onDemo.spec, options.warmUp);
    const alternated = await alternateRounds({
      rounds: options.rounds,
      seconds: options.seconds,
      app: load20(scale.server, call),
      bare: load20(demo.server, onDemo),
    });
    measured.push({
      scenario: `${call.name} at ${size} (${engine}, ${CONNECTIONS} connections)`,
      ...alternated,
      baseline: scaleBaseline(engine),
      goal: goal(call),
    });
  }
  return measured;
}

/** How many tools and orders a scale database holds, for the rows' names. */
async function sizeLabel(query: Query): Promise<string | undefined> {
  const { rows } = await query(
    'select (select count(*)::int from tools) as tools, (select count(*)::int from orders) as orders',
  );
  const size = rows[0] as { tools: number; orders: number } | undefined;
  if (!size || size.orders === 0) return undefined;
  return `${size.tools.toLocaleString('en-US')} tools, ${size.orders.toLocaleString('en-US')} orders`;
}

/** The rows on PostgreSQL (SCALE_URL), beside a demo catalog on a fresh PostgreSQL database. */
async function benchOnPostgres(options: ScaleOptions): Promise<Row[]> {
  const scaleQuery = postgresQuery(SCALE_URL);
  let label: string | undefined;
  try {
    label = await sizeLabel(scaleQuery);
  } catch (error) {
    console.log(`bench: ${SCALE_URL}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!label) {
    console.log(
      `bench: skipping the rows at scale on PostgreSQL: ${SCALE_URL} holds no orders; make it with npm run seed:scale`,
    );
    return [];
  }
  const rows = await withBenchDatabase(
    `tools_factory_bench_demo_${process.pid}`,
    'the rows at scale',
    async (demoDatabase) => {
      const demoServer = await startAppServer('scale-demo', {
        DATABASE_URL: demoDatabase.url,
        SEED_DEMO: '1',
        ...ONE_CLIENT_FOR_MANY,
      });
      let scale: Shop | undefined;
      try {
        const watched = await watchServer(
          demoServer,
          'app on PostgreSQL (demo catalog), beside the scale rows',
          IDLE_RSS_GOAL_BYTES,
        );
        options.servers?.push(watched.figures());
        const buyer = await signUpCustomer(demoServer.baseUrl, 0);
        const admin = await signUpCustomer(demoServer.baseUrl, 1);
        await demoDatabase.query(`update users set role = 'admin' where email = $1`, [admin.email]);
        const demoData = await shopData(demoDatabase.query);
        const demo: Shop = { server: demoServer, admin, buyer, ...demoData };
        scale = await scaleShop(
          options,
          await shopData(scaleQuery),
          { DATABASE_URL: SCALE_URL },
          { label: 'app on PostgreSQL (scale data), read rows' },
        );
        return await measureBeside(options, scale, demo, 'PostgreSQL', label, (call) => call.goal);
      } finally {
        await Promise.allSettled([demoServer.stop(), scale?.server.stop()]);
      }
    },
  );
  return rows ?? [];
}

/**
 * The PGlite data directory the PGlite rows copy (a DATA_DIR that `npm run seed:scale` filled:
 * 10,000 tools and 100,000 orders by default on PGlite).
 */
const SCALE_PGLITE_DIR =
  process.env.BENCH_SCALE_PGLITE_DIR || path.join(import.meta.dirname, '../../data/scale-pglite');
/** Issue 43's goals on PGlite at 10,000 tools and 100,000 orders: every call, and the idle RSS. */
const PGLITE_GOAL: RowGoal = { minRatio: 0, maxP99Ms: 500 };
const PGLITE_IDLE_RSS_GOAL_BYTES = 400 * 1024 * 1024;

/**
 * The rows on PGlite: a copy of SCALE_PGLITE_DIR (the server writes sessions; the seeded data
 * stays as it was), beside the demo catalog on a PGlite of its own.
 */
async function benchOnPglite(options: ScaleOptions): Promise<Row[]> {
  if (!existsSync(path.join(SCALE_PGLITE_DIR, 'pglite'))) {
    console.log(
      `bench: skipping the rows at scale on PGlite: ${SCALE_PGLITE_DIR} holds no PGlite; make it with DATA_DIR=${SCALE_PGLITE_DIR} npm run seed:scale`,
    );
    return [];
  }
  const scaleDir = mkdtempSync(path.join(tmpdir(), 'tools-factory-bench-scale-pglite-'));
  const demoDir = mkdtempSync(path.join(tmpdir(), 'tools-factory-bench-scale-demo-pglite-'));
  let demoServer: RunningServer | undefined;
  let scale: Shop | undefined;
  try {
    cpSync(SCALE_PGLITE_DIR, scaleDir, { recursive: true });
    const { label, data } = await withPgliteDatabase(path.join(scaleDir, 'pglite'), async (db) => ({
      label: await sizeLabel(db.query),
      data: await shopData(db.query),
    }));
    if (!label) {
      console.log(
        `bench: skipping the rows at scale on PGlite: ${SCALE_PGLITE_DIR} holds no orders`,
      );
      return [];
    }
    // The demo's first start seeds it; its buyer and admin sign up; the admin is made one with
    // no server on the directory; the second start serves the rows.
    const first = await startAppServer('scale-demo-pglite-init', {
      DATA_DIR: demoDir,
      SEED_DEMO: '1',
    });
    let buyer: Customer;
    let admin: Customer;
    try {
      buyer = await signUpCustomer(first.baseUrl, 0);
      admin = await signUpCustomer(first.baseUrl, 1);
    } finally {
      await first.stop();
    }
    const demoData = await withPgliteDatabase(path.join(demoDir, 'pglite'), async (db) => {
      await db.query(`update users set role = 'admin' where email = $1`, [admin.email]);
      return shopData(db.query);
    });
    demoServer = await startAppServer('scale-demo-pglite', {
      DATA_DIR: demoDir,
      SEED_DEMO: '1',
      ...ONE_CLIENT_FOR_MANY,
    });
    options.servers?.push(
      (
        await watchServer(demoServer, 'app on PGlite (demo catalog), beside the scale rows')
      ).figures(),
    );
    const demo: Shop = { server: demoServer, admin, buyer, ...demoData };
    scale = await scaleShop(
      options,
      data,
      { DATA_DIR: scaleDir },
      {
        label: 'app on PGlite (scale data), read rows',
        maxIdleRssBytes: PGLITE_IDLE_RSS_GOAL_BYTES,
      },
    );
    // The whole answers keep their own goal (none for latency); every other call PGlite's.
    return await measureBeside(options, scale, demo, 'PGlite', label, (call) =>
      call.goal.pagedInstead ? call.goal : PGLITE_GOAL,
    );
  } finally {
    await Promise.allSettled([demoServer?.stop(), scale?.server.stop()]);
    rmSync(scaleDir, { recursive: true, force: true });
    rmSync(demoDir, { recursive: true, force: true });
  }
}

/**
 * The rows at scale on PostgreSQL and on PGlite, or none (and why) where the scale data is not
 * there. Runs after the other rows' servers have stopped: servers of its own.
 */
export async function benchAtScale(options: ScaleOptions): Promise<Row[]> {
  return [...(await benchOnPostgres(options)), ...(await benchOnPglite(options))];
}
