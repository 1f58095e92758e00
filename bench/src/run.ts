import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { load, loadSample, mergeSamples, type LoadOptions } from './load.ts';
import { alternateRounds } from './rounds.ts';
import { benchCheckoutsOnPglite, benchCheckoutsOnPostgres } from './checkouts.ts';
import { benchOrdersOnPglite, benchOrdersOnPostgres, signUpCustomer } from './orders.ts';
import { auditPages, meetsLighthouseGoal } from './lighthouse.ts';
import { measureHomePageWeight } from './page-weight.ts';
import { startAppServer, startBareServer, type RunningServer } from './processes.ts';
import {
  describeRun,
  figureLines,
  meetsGoal,
  table,
  updateResultsMarkdown,
  writeLatestJson,
  type Row,
  type Run,
} from './report.ts';
import { measureQuickOrder } from './quick-order.ts';
import { benchAtScale } from './scale.ts';
import { firstToolId, scenarios, type PreparedScenario } from './scenarios.ts';
import { watchServer, type WatchedServer } from './server-figures.ts';

/**
 * `npm run bench`: each scenario against the real server, beside a bare node:http server
 * answering the same bytes, alternating in one run. Servers are child processes; autocannon runs
 * here, so neither server shares an event loop with the load generator.
 */
function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    throw new Error(`${name} must be a positive number (got "${raw}")`);
  }
  return value;
}

const seconds = positiveNumber('BENCH_SECONDS', 10);
const warmupSeconds = positiveNumber('BENCH_WARMUP_SECONDS', 2);
const connections = Math.round(positiveNumber('BENCH_CONNECTIONS', 50));
const measure: LoadOptions = { connections, seconds };
/** Each side's measured seconds in this many rounds, server and bare taking turns (rounds.ts). */
const rounds = Math.round(positiveNumber('BENCH_ROUNDS', 5));

/**
 * The parts of a run. BENCH_ONLY=<comma list> runs some of them (e.g. BENCH_ONLY=orders, a
 * quicker loop while tuning the order rows; BENCH_ONLY=lighthouse,weight for the pages alone).
 * The PGlite app server always starts: its start and idle RSS are measured in every run.
 */
const GROUPS = [
  'reads',
  'weight',
  'lighthouse',
  'quickorder',
  'orders',
  'checkout',
  'scale',
] as const;
type Group = (typeof GROUPS)[number];
const isGroup = (name: string): name is Group => (GROUPS as readonly string[]).includes(name);

function chosenGroups(): ReadonlySet<Group> {
  const raw = process.env.BENCH_ONLY?.trim();
  if (!raw) return new Set(GROUPS);
  const names = raw.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !isGroup(name));
  if (unknown.length) {
    throw new Error(
      `BENCH_ONLY: unknown part "${unknown.join(', ')}" (parts: ${GROUPS.join(', ')})`,
    );
  }
  return new Set(names.filter(isGroup));
}

const only = chosenGroups();
const fullRun = only.size === GROUPS.length;

/** How this run was started, with the BENCH_ variables that shape it (not the database URL). */
function benchCommand(): string {
  const settings = Object.entries(process.env)
    .filter(([name]) => name.startsWith('BENCH_') && name !== 'BENCH_POSTGRES_URL')
    .map(([name, value]) => `${name}=${value}`);
  return [...settings.sort(), 'npm run bench'].join(' ');
}
const warmUp: LoadOptions = { connections, seconds: warmupSeconds };
/** The catalog of the order row at scale (issue 43): a manufacturer's thousands of SKUs. */
const SCALE_TOOLS = Math.round(positiveNumber('BENCH_SCALE_TOOLS', 50_000));

const servers: RunningServer[] = [];
const stopAll = () => Promise.allSettled(servers.splice(0).map((server) => server.stop()));
/** The read rows' server data, kept for the PGlite order row, which starts its server on it. */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tools-factory-bench-data-'));
const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
process.once(
  'SIGINT',
  () =>
    void stopAll().then(() => {
      removeDataDir();
      process.exit(130);
    }),
);

function checkClean(
  label: string,
  result: { non2xx: number; errors: number; timeouts: number },
): void {
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(
      `${label}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
}

const cpus = os.cpus();
const run: Run = {
  date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
  machine: `${cpus.length} x ${cpus[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}, ${os.platform()}`,
  connections,
  seconds,
  warmupSeconds,
  rounds,
  command: benchCommand(),
  rows: [],
  servers: [],
};

async function main(): Promise<void> {
  console.log(`bench: ${run.command}: ${describeRun(run)}`);

  const app = await startAppServer('server', { DATA_DIR: dataDir });
  servers.push(app);
  const watchedApp = await watchServer(app, 'app on PGlite (fresh data: migrate, seed), read rows');
  const prepared: Array<{ name: string } & PreparedScenario> = [];
  for (const scenario of only.has('reads') ? scenarios : [])
    prepared.push({ name: scenario.name, ...(await scenario.prepare(app.baseUrl)) });

  const replays = prepared.flatMap(({ request, replay }) =>
    replay ? [{ path: request.path, response: replay }] : [],
  );
  const bare = replays.length ? await startBareServer(replays) : undefined;
  let watchedBare: WatchedServer | undefined;
  if (bare) {
    servers.push(bare);
    watchedBare = await watchServer(bare, 'bare node:http replaying the read rows (baseline)');
  }

  for (const { name, request, replay } of prepared) {
    console.log(`bench: ${name} ...`);
    await load(app.baseUrl, request, warmUp);
    if (bare && replay) await load(bare.baseUrl, request, warmUp);
    const onApp = (seconds: number) =>
      watchedApp.underLoad(() => loadSample(app.baseUrl, request, { connections, seconds }));
    let row: Row;
    if (bare && replay && watchedBare) {
      const alternated = await alternateRounds({
        rounds,
        seconds,
        app: onApp,
        bare: (stretch) =>
          watchedBare.underLoad(() =>
            loadSample(bare.baseUrl, request, { connections, seconds: stretch }),
          ),
      });
      row = { scenario: name, ...alternated };
      checkClean(`${name} (bare)`, alternated.bare);
    } else {
      row = { scenario: name, app: mergeSamples([await onApp(seconds)]) };
    }
    checkClean(`${name} (server)`, row.app);
    run.rows.push(row);
  }

  // The pages, on the same server while no load runs.
  if (only.has('weight')) {
    console.log('bench: the home page in Chromium ...');
    run.pages = [await measureHomePageWeight(app.baseUrl)];
  }
  if (only.has('lighthouse')) {
    console.log('bench: Lighthouse (mobile) on /, /purchase/{id} and /login ...');
    // /purchase is a customer's page: signed out, the visitor is sent on to /login.
    const customer = await signUpCustomer(app.baseUrl, 0);
    run.lighthouse = await auditPages(app.baseUrl, [
      { path: '/' },
      {
        path: `/purchase/${await firstToolId(app.baseUrl)}`,
        label: '/purchase/{id} (signed in)',
        cookie: customer.cookie,
      },
      { path: '/login' },
    ]);
  }
  if (only.has('quickorder')) {
    console.log('bench: quick order in Chromium, 500 pasted lines beside 1 ...');
    run.quickOrder = await measureQuickOrder(app.baseUrl);
  }
  run.servers?.push(watchedApp.figures(), ...(watchedBare ? [watchedBare.figures()] : []));
  await stopAll();

  // Writes, each on a server of its own (see orders.ts), after the read servers have stopped.
  if (only.has('orders')) {
    console.log('bench: POST /api/order on PGlite ...');
    const orderOptions = { measure, warmUp, rounds, servers: run.servers };
    const onPglite = await benchOrdersOnPglite({ ...orderOptions, dataDir });
    console.log('bench: POST /api/order on PostgreSQL ...');
    const onPostgres = await benchOrdersOnPostgres(orderOptions);
    // Issue 43: the same row with a catalog of a manufacturer's size, beside the demo's.
    console.log(`bench: POST /api/order on PostgreSQL at ${SCALE_TOOLS} tools ...`);
    const atScale = await benchOrdersOnPostgres({ ...orderOptions, catalogTools: SCALE_TOOLS });
    for (const row of [onPglite, onPostgres, atScale].filter((row) => row !== undefined)) {
      checkClean(`${row.scenario} (server)`, row.app);
      if (row.bare) checkClean(`${row.scenario} (bare)`, row.bare);
      run.rows.push(row);
    }
  }

  // The 50-line checkout (issue 26), on servers of its own, after the order rows' have stopped.
  if (only.has('checkout')) {
    const checkoutOptions = { measure, warmUp, rounds, servers: run.servers };
    console.log('bench: POST /api/checkout, 50 lines, 10 buyers, on PGlite ...');
    run.checkouts = [await benchCheckoutsOnPglite({ ...checkoutOptions, dataDir })];
    console.log('bench: POST /api/checkout, 50 lines, 10 buyers, on PostgreSQL ...');
    const onPostgres = await benchCheckoutsOnPostgres(checkoutOptions);
    if (onPostgres) run.checkouts.push(onPostgres);
  }

  // Issue 43: the pages and calls at a manufacturer's size, beside the demo catalog's.
  if (only.has('scale')) {
    const atScale = await benchAtScale({
      seconds,
      warmUp: { connections: 20, seconds: warmupSeconds },
      rounds,
      servers: run.servers,
    });
    for (const row of atScale) {
      if (row.app.non2xx || row.app.errors || row.app.timeouts) {
        console.log(`bench: ${row.scenario}: not every answer was a 2xx (see the table)`);
      }
      run.rows.push(row);
    }
  }

  console.log(`\n${run.rows.length ? table(run) : ''}\n${figureLines(run).join('\n')}\n`);
  const missed = run.rows.filter((row) => !meetsGoal(row));
  console.log(
    `rows' goals: ${missed.length === 0 ? 'met by every row' : `NOT met by ${missed.map((row) => row.scenario).join('; ')}`}`,
  );
  if (run.lighthouse) {
    const missedPages = run.lighthouse.filter((page) => !meetsLighthouseGoal(page));
    console.log(
      `Lighthouse goal: ${missedPages.length === 0 ? 'met by every page' : `NOT met by ${missedPages.map(({ page }) => page).join('; ')}`}`,
    );
  }
  // A partial run does not replace the full one that RESULTS.md keeps.
  const written = [writeLatestJson(run), ...(fullRun ? [updateResultsMarkdown(run)] : [])];
  console.log(`wrote ${written.join(' and ')}`);
}

try {
  await main();
} catch (error) {
  await stopAll();
  // What was measured before the failure still tells something (nothing is written).
  if (run.rows.length) console.log(`\n${table(run)}`);
  console.log(figureLines(run).join('\n'));
  console.error(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  removeDataDir();
}
