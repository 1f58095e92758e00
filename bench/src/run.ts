import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { load, type LoadOptions } from './load.ts';
import { benchOrdersOnPglite, benchOrdersOnPostgres } from './orders.ts';
import { measureHomePageScripts } from './page-weight.ts';
import { startAppServer, startBareServer, type RunningServer } from './processes.ts';
import {
  describeRun,
  GOAL,
  meetsGoal,
  pageLines,
  table,
  updateResultsMarkdown,
  writeLatestJson,
  type Row,
  type Run,
} from './report.ts';
import { scenarios, type PreparedScenario } from './scenarios.ts';

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
const warmUp: LoadOptions = { connections, seconds: warmupSeconds };

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

async function main(): Promise<void> {
  const cpus = os.cpus();
  const run: Run = {
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    machine: `${cpus.length} x ${cpus[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}, ${os.platform()}`,
    connections,
    seconds,
    warmupSeconds,
    rows: [],
  };
  console.log(`bench: ${describeRun(run)}`);

  const app = await startAppServer('server', { DATA_DIR: dataDir });
  servers.push(app);
  const prepared: Array<{ name: string } & PreparedScenario> = [];
  for (const scenario of scenarios)
    prepared.push({ name: scenario.name, ...(await scenario.prepare(app.baseUrl)) });

  const replays = prepared.flatMap(({ request, replay }) =>
    replay ? [{ path: request.path, response: replay }] : [],
  );
  const bare = replays.length ? await startBareServer(replays) : undefined;
  if (bare) servers.push(bare);

  for (const { name, request, replay } of prepared) {
    console.log(`bench: ${name} ...`);
    await load(app.baseUrl, request, warmUp);
    if (bare && replay) await load(bare.baseUrl, request, warmUp);
    const appResult = await load(app.baseUrl, request, measure);
    checkClean(`${name} (server)`, appResult);
    const row: Row = { scenario: name, app: appResult };
    if (bare && replay) {
      row.bare = await load(bare.baseUrl, request, measure);
      checkClean(`${name} (bare)`, row.bare);
    }
    run.rows.push(row);
  }
  await stopAll();

  // Writes, each on a server of its own (see orders.ts), after the read servers have stopped.
  console.log('bench: POST /api/order on PGlite ...');
  const onPglite = await benchOrdersOnPglite({ measure, warmUp, dataDir });
  console.log('bench: POST /api/order on PostgreSQL ...');
  const onPostgres = await benchOrdersOnPostgres({ measure, warmUp });
  for (const row of onPostgres ? [onPglite, onPostgres] : [onPglite]) {
    checkClean(`${row.scenario} (server)`, row.app);
    if (row.bare) checkClean(`${row.scenario} (bare)`, row.bare);
    run.rows.push(row);
  }

  console.log('bench: the home page in Chromium ...');
  run.pages = [await measureHomePageScripts()];

  console.log(`\n${table(run)}\n${pageLines(run).join('\n')}\n`);
  const allMet = run.rows.every(meetsGoal);
  console.log(
    `goal (ratio >= ${GOAL.minRatio}, server p99 < ${GOAL.maxP99Ms} ms): ${allMet ? 'met by every row' : 'NOT met by every row'}`,
  );
  console.log(`wrote ${writeLatestJson(run)} and ${updateResultsMarkdown(run)}`);
}

try {
  await main();
} catch (error) {
  await stopAll();
  console.error(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  removeDataDir();
}
