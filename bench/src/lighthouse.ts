import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { chromiumFlags, findChromium } from '../../e2e/support/find-chromium.ts';
import { startNoScriptServer } from './no-script-page.ts';

/** Issue 14's and issue 27's goals for every page Lighthouse visits (mobile preset). */
export const LIGHTHOUSE_GOAL = {
  minPerformance: 95,
  /** Accessibility, best practices and SEO. */
  minOtherScores: 100,
  maxCls: 0.02,
  maxTbtMs: 200,
  /** The page's TBT at most this times its no-script baseline's (same run), plus maxTbtOverMs. */
  maxTbtOverBaseline: 2,
  maxTbtOverMs: 100,
} as const;

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

/** A page to audit: its path, its name in the table, and a session cookie to visit it signed in. */
export type PageToAudit = { path: string; label?: string; cookie?: string };

export type LighthousePage = {
  /** The page audited, e.g. '/login' or '/purchase/{id} (signed in)'. */
  page: string;
  /** Scores 0..100 per category. */
  scores: Record<Category, number>;
  lcpMs: number;
  /** First Contentful Paint and Total Blocking Time: with LCP and CLS, most of the score. */
  fcpMs: number;
  tbtMs: number;
  cls: number;
  /** Audits of the four categories that did not pass (id: title), so a missed goal says why. */
  failing: string[];
  /** What shifted ('layout-shifts' audit): the element and its share of the CLS. */
  shifts: string[];
  /**
   * Lighthouse's measure of the machine's speed (result.environment.benchmarkIndex): the 4x CPU
   * slowdown multiplies whatever the host takes, so a score means little without it.
   */
  benchmarkIndex: number;
  /** The same page's HTML with no script at all, audited in the same run (no-script-page.ts). */
  noScript?: LighthousePage;
  /**
   * Lighthouse's CPU slowdown when it was not the mobile preset's 4x: a run made to stand for a
   * machine of benchmark index SLOW_MACHINE_INDEX (see auditPages).
   */
  cpuSlowdown?: number;
  /**
   * What else held the CPU while the page was audited: stress-ng's workers, one per core
   * (auditUnderContention), as a phone busy with other apps is.
   */
  contention?: string;
  /**
   * Each run's TBT when the row is the median of several (every page's row; not its no-script
   * baseline's): the row is the run of the median TBT, whole.
   */
  tbtRunsMs?: number[];
};

/** The machine the Lighthouse goals are set for: benchmark index at most this. */
export const SLOW_MACHINE_INDEX = 1_300;
/** The mobile preset's CPU slowdown (Lighthouse's default). */
const MOBILE_CPU_SLOWDOWN = 4;

/**
 * Debian's Chromium headless, offline apart from the app (the e2e flags). Lighthouse throttles
 * itself (simulated slow 4G, 4x CPU: the default mobile preset), so nothing here slows it.
 */
const lighthouseChromeFlags = [...chromiumFlags, '--headless=new'];

const score = (result: Result, category: Category): number =>
  Math.round((result.categories[category]?.score ?? 0) * 100);

function failingAudits(result: Result): string[] {
  const ids = new Set(
    CATEGORIES.flatMap((category) =>
      (result.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0)
        .map((ref) => ref.id),
    ),
  );
  return [...ids].flatMap((id) => {
    const audit = result.audits[id];
    return audit && audit.score !== null && audit.score < 1 ? [`${id}: ${audit.title}`] : [];
  });
}

type ShiftItem = { score?: number; node?: { selector?: string; snippet?: string } };

function layoutShifts(result: Result): string[] {
  const details = result.audits['layout-shifts']?.details;
  const items =
    details && details.type === 'table' ? (details.items as unknown as ShiftItem[]) : [];
  return items.map(
    (item) =>
      `${(item.score ?? 0).toFixed(3)} ${item.node?.selector ?? '?'} ${item.node?.snippet ?? ''}`,
  );
}

/** Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART): tries per page. */
const ATTEMPTS = 3;

/** One Lighthouse run on `url` in a Chromium of its own, as the Lighthouse CLI does. */
async function auditOnce(url: string, cookie?: string, cpuSlowdown?: number): Promise<Result> {
  const chrome = await launch({ chromePath: findChromium(), chromeFlags: lighthouseChromeFlags });
  try {
    const runner = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      // Merged into the mobile preset's throttling (its network figures stay).
      ...(cpuSlowdown ? { throttling: { cpuSlowdownMultiplier: cpuSlowdown } } : {}),
      // Sent with every request of the page, its fetches included: the visitor is signed in.
      ...(cookie ? { extraHeaders: { cookie } } : {}),
    });
    if (!runner) throw new Error('Lighthouse returned nothing');
    if (runner.lhr.runtimeError) throw new Error(runner.lhr.runtimeError.message);
    return runner.lhr;
  } finally {
    chrome.kill();
  }
}

async function audit(url: string, cookie?: string, cpuSlowdown?: number): Promise<Result> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await auditOnce(url, cookie, cpuSlowdown);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (attempt >= ATTEMPTS)
        throw new Error(`Lighthouse on ${url}: ${message}`, { cause: error });
      console.log(`bench: Lighthouse on ${url} failed (${message}); again`);
    }
  }
}

/**
 * BENCH_LIGHTHOUSE_REPORTS=<folder>: each page's whole Lighthouse report is written there as
 * JSON (its bootup-time, mainthread-work-breakdown and long-tasks audits say where the time went).
 */
function keepReport(page: string, lhr: Result): void {
  const folder = process.env.BENCH_LIGHTHOUSE_REPORTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  const name = page.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
  writeFileSync(path.join(folder, `${name}.json`), JSON.stringify(lhr));
}

function pageOf(page: string, lhr: Result): LighthousePage {
  keepReport(page, lhr);
  return {
    page,
    scores: {
      performance: score(lhr, 'performance'),
      accessibility: score(lhr, 'accessibility'),
      'best-practices': score(lhr, 'best-practices'),
      seo: score(lhr, 'seo'),
    },
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? Number.NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    failing: failingAudits(lhr),
    shifts: layoutShifts(lhr),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
  };
}

/**
 * Lighthouse (mobile preset) on each path of `baseUrl`, one after the other, each followed by
 * its baseline: the same HTML with no script, served beside the app (no-script-page.ts). Run it
 * while no load runs: the simulated timings are computed from the page's real trace.
 *
 * On a machine faster than the goals' (benchmark index above SLOW_MACHINE_INDEX), each page and
 * its baseline are audited again with the CPU slowdown scaled by index / SLOW_MACHINE_INDEX (the
 * way Lighthouse's documentation calibrates it): 4x on this machine's 2,800 becomes about 8.6x,
 * the main thread of a phone on a 1,300 host. Those rows are the goals' verdict.
 */
export async function auditPages(
  baseUrl: string,
  toAudit: PageToAudit[],
): Promise<LighthousePage[]> {
  const noScriptServer = await startNoScriptServer(baseUrl);
  try {
    const pages: LighthousePage[] = [];
    for (const { path, label, cookie } of toAudit) {
      const name = label ?? path;
      const url = new URL(path, baseUrl).toString();
      await noScriptServer.show(path);
      const noScriptUrl = new URL(path, noScriptServer.baseUrl).toString();
      const page = await auditPlainly(name, url, cookie);
      page.noScript = pageOf(`${name}, no script`, await audit(noScriptUrl));
      pages.push(page);
      if (page.benchmarkIndex > SLOW_MACHINE_INDEX) {
        const slow = await auditAsOnSlowMachine(name, url, cookie, page.benchmarkIndex);
        slow.noScript = pageOf(
          `${name}, no script, as at index ${SLOW_MACHINE_INDEX.toLocaleString('en-US')}: CPU ${slow.cpuSlowdown}x`,
          await audit(noScriptUrl, undefined, slow.cpuSlowdown),
        );
        slow.noScript.cpuSlowdown = slow.cpuSlowdown;
        pages.push(slow);
      }
      const busy = await auditUnderContention(name, url, noScriptUrl, cookie);
      if (busy) pages.push(busy);
    }
    return pages;
  } finally {
    await noScriptServer.close();
  }
}

/**
 * The page with Lighthouse's own slowdown, as the rows scaled for a faster machine: the run of
 * the median TBT of SLOW_RUNS. On a machine no faster than the goals' (index at most
 * SLOW_MACHINE_INDEX) that row is the verdict, and a shared machine's index moves across 1,300
 * within minutes (one build's purchase page gave 422 and 48 ms in two single runs at index
 * 858-1,181, and the home page 137 ms at index 1,541 where three runs at 4.7x gave 18-59 ms,
 * 2026-12-01).
 */
async function auditPlainly(
  name: string,
  url: string,
  cookie: string | undefined,
): Promise<LighthousePage> {
  const runs: Result[] = [];
  while (runs.length < SLOW_RUNS) runs.push(await audit(url, cookie));
  const page = pageOf(
    name,
    medianByTbt(runs, (lhr) => lhr, url),
  );
  page.tbtRunsMs = runs.map((lhr) => Math.round(tbtOf(lhr)));
  return page;
}

const tbtOf = (lhr: Result) => lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN;

/** The run of the median TBT, `lhrOf` giving each run's report. */
function medianByTbt<Run>(runs: readonly Run[], lhrOf: (run: Run) => Result, url: string): Run {
  const byTbt = [...runs].sort((a, b) => tbtOf(lhrOf(a)) - tbtOf(lhrOf(b)));
  const median = byTbt[Math.floor(byTbt.length / 2)];
  if (!median) throw new Error(`Lighthouse on ${url}: no run`);
  return median;
}

/** stress-ng's CPU workers: one per core, each at full load, until stopped. */
const STRESS_ARGS = [
  '--cpu',
  String(availableParallelism()),
  '--cpu-method',
  'matrixprod',
  '--quiet',
];

/** True when stress-ng can be run here (Debian's `stress-ng` package). */
function hasStressNg(): boolean {
  return spawnSync('stress-ng', ['--version'], { stdio: 'ignore' }).status === 0;
}

/**
 * Issue 43's slow and busy phone: the page and its no-script baseline audited with the mobile
 * preset (4x) while stress-ng keeps every core of the host busy, so the page's script competes
 * for the CPU as on a phone running other apps, instead of being slowed by a multiplier on an idle
 * host. The page's row is the run of the median TBT of CONTENDED_RUNS; its baseline is one run,
 * under the same load. Undefined (and said) without stress-ng.
 */
async function auditUnderContention(
  name: string,
  url: string,
  noScriptUrl: string,
  cookie: string | undefined,
): Promise<LighthousePage | undefined> {
  if (!hasStressNg()) {
    console.log('bench: stress-ng is not installed: no row with the CPU under contention');
    return undefined;
  }
  const contention = `stress-ng ${STRESS_ARGS.slice(0, 4).join(' ')}`;
  const stress = spawn('stress-ng', STRESS_ARGS, { stdio: 'ignore' });
  try {
    const runs: Result[] = [];
    while (runs.length < CONTENDED_RUNS) runs.push(await audit(url, cookie));
    const page = pageOf(
      `${name}, CPU under contention`,
      medianByTbt(runs, (lhr) => lhr, url),
    );
    page.tbtRunsMs = runs.map((lhr) => Math.round(tbtOf(lhr)));
    page.contention = contention;
    page.noScript = pageOf(`${name}, no script, CPU under contention`, await audit(noScriptUrl));
    page.noScript.contention = contention;
    return page;
  } finally {
    stress.kill('SIGTERM');
    await new Promise((resolve) => stress.once('exit', resolve));
  }
}

/** Runs of each page under contention (as SLOW_RUNS, fewer: each takes longer). */
const CONTENDED_RUNS = 3;

/** The CPU slowdown that makes a machine of `benchmarkIndex` stand for SLOW_MACHINE_INDEX. */
function slowdownFor(benchmarkIndex: number): number {
  return Math.round(((MOBILE_CPU_SLOWDOWN * benchmarkIndex) / SLOW_MACHINE_INDEX) * 10) / 10;
}

/** How far a run's own index may stray from the one its slowdown was scaled by. */
const INDEX_DRIFT = 0.25;

/**
 * Runs of each page (plain, and as at SLOW_MACHINE_INDEX): its TBT at a fixed slowdown varied
 * from 23 to 169 ms between single runs of one build here (2026-11-29), more than the changes it
 * is meant to show, and one of three runs of the purchase page gave 582 ms beside 13 and 149 ms
 * (2026-12-02, index 983-1,271): with three, one such run beside one slow one is the median. The
 * row is the run of the median TBT of five, and says every run's.
 */
const SLOW_RUNS = 5;

/**
 * The page audited with the CPU slowdown scaled from `planIndex` (the plain run's benchmark
 * index), SLOW_RUNS times: the run of the median TBT.
 */
async function auditAsOnSlowMachine(
  name: string,
  url: string,
  cookie: string | undefined,
  planIndex: number,
): Promise<LighthousePage> {
  const runs: { lhr: Result; slowdown: number }[] = [];
  for (let run = 0; run < SLOW_RUNS; run += 1) {
    runs.push(await auditSlowedOnce(name, url, cookie, planIndex));
  }
  const median = medianByTbt(runs, (run) => run.lhr, url);
  const as = `as at index ${SLOW_MACHINE_INDEX.toLocaleString('en-US')}: CPU ${median.slowdown}x`;
  const slow = pageOf(`${name}, ${as}`, median.lhr);
  slow.cpuSlowdown = median.slowdown;
  slow.tbtRunsMs = runs.map((run) => Math.round(tbtOf(run.lhr)));
  return slow;
}

/**
 * One run with the CPU slowdown scaled from `planIndex`. A shared machine's speed moves within
 * minutes: when the run's own index strays more than INDEX_DRIFT from the one its slowdown was
 * scaled by, it stood for another machine (measured: 2,739 planned, 1,532 found, the home page
 * slowed as if to index 730), so it is run once more with the slowdown scaled from the index it
 * found.
 */
async function auditSlowedOnce(
  name: string,
  url: string,
  cookie: string | undefined,
  planIndex: number,
): Promise<{ lhr: Result; slowdown: number }> {
  const slowdown = slowdownFor(planIndex);
  const lhr = await audit(url, cookie, slowdown);
  const found = lhr.environment.benchmarkIndex;
  if (Math.abs(found - planIndex) <= INDEX_DRIFT * planIndex || found <= SLOW_MACHINE_INDEX) {
    return { lhr, slowdown };
  }
  const foundSlowdown = slowdownFor(found);
  console.log(
    `bench: ${name} as at index ${SLOW_MACHINE_INDEX}: the run found index ${Math.round(found)}, not ${planIndex}; again at CPU ${foundSlowdown}x`,
  );
  return { lhr: await audit(url, cookie, foundSlowdown), slowdown: foundSlowdown };
}

/** The most TBT a page may have: 200 ms, and at most twice its no-script baseline's + 100 ms. */
export function maxTbtMsOf(page: LighthousePage): number {
  const { maxTbtMs, maxTbtOverBaseline, maxTbtOverMs } = LIGHTHOUSE_GOAL;
  return page.noScript
    ? Math.min(maxTbtMs, maxTbtOverBaseline * page.noScript.tbtMs + maxTbtOverMs)
    : maxTbtMs;
}

export function meetsLighthouseGoal(page: LighthousePage): boolean {
  const { scores } = page;
  return (
    scores.performance >= LIGHTHOUSE_GOAL.minPerformance &&
    scores.accessibility >= LIGHTHOUSE_GOAL.minOtherScores &&
    scores['best-practices'] >= LIGHTHOUSE_GOAL.minOtherScores &&
    scores.seo >= LIGHTHOUSE_GOAL.minOtherScores &&
    page.cls <= LIGHTHOUSE_GOAL.maxCls &&
    page.tbtMs <= maxTbtMsOf(page)
  );
}

// `node bench/src/lighthouse.ts <baseUrl> [path ...]`: the scores, and what failed or shifted.
if (import.meta.main) {
  const [baseUrl, ...paths] = process.argv.slice(2);
  if (!baseUrl) throw new Error('usage: node bench/src/lighthouse.ts <baseUrl> [path ...]');
  const toAudit = (paths.length ? paths : ['/']).map((path) => ({ path }));
  for (const page of await auditPages(baseUrl, toAudit)) {
    console.log(JSON.stringify(page, null, 2));
  }
}
