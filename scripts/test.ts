/**
 * `npm test`: lint, typecheck and the web build side by side (each mostly one core; their output
 * is printed stage by stage as each ends), then the unit tests (Vitest), then the database's
 * tests once more with the driver adapter's tricks off (DB_DRIVER_TRICKS=off, the plain drivers:
 * server/src/db/driver-adapter.ts), then the e2e journeys (Playwright) on that build. Every
 * stage runs even after one fails (but the journeys need the build), so the summary is complete;
 * it ends with one line, `tests: N passed, M failed` (every stage's counts summed), and exits
 * non-zero when anything failed. A failed stage that reports no failed test (lint,
 * typecheck, the build or a crash) counts as one failure.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

type Counts = {
  passed: number;
  failed: number;
  flaky?: number;
  /** The failed tests by file and name, with the first line of why: repeated in the summary. */
  failures?: string[];
};

type Stage = {
  name: string;
  args: string[];
  /** A stage whose failure means this one cannot run (the journeys need the build). */
  needs?: string;
  env?: Record<string, string>;
  /** Reads the stage's test counts from its report; undefined when there is no report. */
  counts?: () => Counts | undefined;
};

type Outcome = { name: string; exitCode: number; seconds: number; counts: Counts; note: string };

const repoRoot = path.resolve(import.meta.dirname, '..');
const reportDir = mkdtempSync(path.join(tmpdir(), 'tools-factory-test-'));
const vitestReport = path.join(reportDir, 'vitest.json');
const tricksOffReport = path.join(reportDir, 'vitest-tricks-off.json');
const playwrightReport = path.join(reportDir, 'playwright.json');

function readJson(file: string): unknown {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Vitest's json reporter (Jest's format). */
function vitestCounts(file: string): Counts | undefined {
  const report = readJson(file) as
    | {
        numPassedTests?: number;
        numFailedTests?: number;
        testResults?: {
          name?: string;
          assertionResults?: { status?: string; fullName?: string; failureMessages?: string[] }[];
        }[];
      }
    | undefined;
  if (!report || typeof report.numPassedTests !== 'number') return undefined;
  const failures = (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((test) => test.status === 'failed')
      .map((test) => {
        const where = path.relative(repoRoot, file.name ?? '');
        const why = test.failureMessages?.[0]?.split('\n')[0]?.slice(0, 300) ?? '';
        return `${where} > ${test.fullName ?? '?'}: ${why}`;
      }),
  );
  return { passed: report.numPassedTests, failed: report.numFailedTests ?? 0, failures };
}

/**
 * Playwright's json reporter: flaky tests passed on a retry (counted as passed and named in
 * the summary, never silently), unexpected ones failed.
 */
function playwrightCounts(): Counts | undefined {
  const report = readJson(playwrightReport) as
    { stats?: { expected?: number; unexpected?: number; flaky?: number } } | undefined;
  const stats = report?.stats;
  if (!stats || typeof stats.expected !== 'number') return undefined;
  const flaky = stats.flaky ?? 0;
  return { passed: stats.expected + flaky, failed: stats.unexpected ?? 0, flaky };
}

/** Stages that run side by side: together they take about as long as the longest one. */
const firstTogether: Stage[] = [
  { name: 'lint', args: ['run', 'lint'] },
  { name: 'typecheck', args: ['run', 'typecheck'] },
  { name: 'build', args: ['run', 'build'] },
];

/**
 * The tests the tricks-off stage runs: the database's own, and those of the modules whose
 * statements the adapter serves (orders and checkouts, the cart, quotes, tools), on PGlite.
 */
const TRICKS_OFF_TESTS = [
  'server/src/db/',
  'server/src/modules/orders/',
  'server/src/modules/checkouts/',
  'server/src/modules/cart/',
  'server/src/modules/quotes/',
  'server/src/modules/tools/',
];

/** Then these, one after the other: each uses every core. */
const thenInTurn: Stage[] = [
  {
    name: 'unit',
    args: [
      'run',
      'test:unit',
      '--',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestReport}`,
    ],
    counts: () => vitestCounts(vitestReport),
  },
  {
    name: 'tricks off',
    args: [
      'run',
      'test:unit',
      '--',
      '--project',
      'server',
      ...TRICKS_OFF_TESTS,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${tricksOffReport}`,
    ],
    env: { DB_DRIVER_TRICKS: 'off' },
    counts: () => vitestCounts(tricksOffReport),
  },
  {
    name: 'e2e',
    needs: 'build',
    args: ['run', 'e2e:built', '--', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport },
    counts: playwrightCounts,
  },
];

/**
 * Runs the stage's npm command; its output goes straight through, or, when `quietly`, is kept
 * and printed in one piece when it ends (stages running side by side would mix their lines).
 */
function run(stage: Stage, quietly: boolean): Promise<number> {
  return new Promise((resolve) => {
    // `npm test` is the embedded database's run: a TEST_DATABASE_URL left in the environment (CI
    // exports it for `npm run test:postgres`) would quietly move the server suite to PostgreSQL.
    const { TEST_DATABASE_URL: _postgresOnly, ...environment } = process.env;
    const child = spawn('npm', stage.args, {
      cwd: repoRoot,
      stdio: quietly ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...environment, ...stage.env },
    });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    const done = (code: number) => {
      if (quietly) {
        console.log(`\n[test] ${stage.name}: npm ${stage.args.join(' ')}`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve(code);
    };
    child.on('error', (error) => {
      console.error(`[test] could not start ${stage.name}: ${error.message}`);
      done(1);
    });
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

async function runStage(stage: Stage, quietly = false): Promise<Outcome> {
  if (!quietly) console.log(`\n[test] ${stage.name}: npm ${stage.args.join(' ')}`);
  const started = performance.now();
  const exitCode = await run(stage, quietly);
  const seconds = (performance.now() - started) / 1000;
  const reported = stage.counts?.();
  const counts = reported ?? { passed: 0, failed: 0 };
  let note = counts.flaky ? ` (${counts.flaky} flaky: failed once, passed on the retry)` : '';
  if (exitCode !== 0 && counts.failed === 0) {
    // Failed without a failing test to show for it: the stage itself is the failure.
    counts.failed = 1;
    if (stage.counts) note = reported ? ' (failed outside the tests)' : ' (no test report)';
  }
  return { name: stage.name, exitCode, seconds, counts, note };
}

/** A stage that cannot run because one it needs failed: one failure, said so. */
function notRun(stage: Stage): Outcome {
  console.log(`\n[test] ${stage.name}: not run, since ${stage.needs} failed`);
  const note = ` (not run: ${stage.needs} failed)`;
  return { name: stage.name, exitCode: 1, seconds: 0, counts: { passed: 0, failed: 1 }, note };
}

const outcomes: Outcome[] = await Promise.all(firstTogether.map((stage) => runStage(stage, true)));
for (const stage of thenInTurn) {
  const needed = outcomes.find((outcome) => outcome.name === stage.needs);
  outcomes.push(needed && needed.exitCode !== 0 ? notRun(stage) : await runStage(stage));
}
rmSync(reportDir, { recursive: true, force: true });

console.log('\n[test] summary');
for (const outcome of outcomes) {
  const status = outcome.exitCode === 0 ? 'ok    ' : 'FAILED';
  const tests =
    outcome.counts.passed || outcome.counts.failed
      ? `, ${outcome.counts.passed} passed, ${outcome.counts.failed} failed`
      : '';
  console.log(
    `  ${status} ${outcome.name.padEnd(10)} ${outcome.seconds.toFixed(1).padStart(6)} s${tests}${outcome.note}`,
  );
  // Named here too: a CI log is often read from its end, far below the test's own report.
  for (const failure of outcome.counts.failures ?? []) console.log(`           failed: ${failure}`);
}
const failedStages = outcomes
  .filter((outcome) => outcome.exitCode !== 0)
  .map((outcome) => outcome.name);
if (failedStages.length) console.log(`[test] failed stages: ${failedStages.join(', ')}`);

const passed = outcomes.reduce((sum, outcome) => sum + outcome.counts.passed, 0);
const failed = outcomes.reduce((sum, outcome) => sum + outcome.counts.failed, 0);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 || failedStages.length > 0 ? 1 : 0;
