import type { PageWeight } from './page-weight.ts';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadResult } from './load.ts';

export const GOAL = { minRatio: 0.7, maxP99Ms: 20 } as const;

export type Row = {
  scenario: string;
  app: LoadResult;
  bare?: LoadResult;
  /** What the baseline columns measured; rows without say are the bare node:http replay. */
  baseline?: string;
  /** False for rows the read goal does not apply to (writes): their goal cell shows '-'. */
  hasGoal?: boolean;
};

/** The read rows' baseline: a bare node:http server answering the recorded bytes. */
export const REPLAY_BASELINE = 'bare node:http, same bytes';

export type Run = {
  date: string;
  machine: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  rows: Row[];
  /** What pages download, as Chromium received it (deterministic for one build). */
  pages?: PageWeight[];
};

const benchRoot = path.resolve(import.meta.dirname, '..');
const RUN_MARKER = '<!-- run -->';
const KEPT_RUNS = 10;

export const ratioOf = (row: Row): number | undefined =>
  row.bare ? row.app.requestsPerSecond / row.bare.requestsPerSecond : undefined;

export function meetsGoal(row: Row): boolean {
  if (row.hasGoal === false) return true;
  const ratio = ratioOf(row);
  return (ratio === undefined || ratio >= GOAL.minRatio) && row.app.p99Ms < GOAL.maxP99Ms;
}

const whole = (value: number) => Math.round(value).toLocaleString('en-US');
const fixed = (value: number | undefined, digits: number) =>
  value === undefined ? '-' : value.toFixed(digits);

/** The run as a Markdown table (read in a terminal too). */
export function table(run: Run): string {
  const header = [
    'endpoint',
    'server req/s',
    'bare req/s',
    'ratio',
    'server p99 ms',
    'bare p99 ms',
    'goal',
    'baseline (bare)',
  ];
  const lines = run.rows.map((row) => [
    row.scenario,
    whole(row.app.requestsPerSecond),
    row.bare ? whole(row.bare.requestsPerSecond) : '-',
    fixed(ratioOf(row), 2),
    String(row.app.p99Ms),
    row.bare ? String(row.bare.p99Ms) : '-',
    row.hasGoal === false ? '-' : meetsGoal(row) ? 'met' : 'NOT met',
    row.bare ? (row.baseline ?? REPLAY_BASELINE) : '-',
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]!.length)),
  );
  // Text columns (the first and the last) align left, figures right.
  const isText = (column: number) => column === 0 || column === header.length - 1;
  const format = (cells: string[]) =>
    `| ${cells.map((cell, column) => (isText(column) ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(' | ')} |`;
  const rule = `|${widths.map((width, column) => (isText(column) ? `${'-'.repeat(width + 1)}-` : `${'-'.repeat(width + 1)}:`)).join('|')}|`;
  return [format(header), rule, ...lines.map(format)].join('\n');
}

function describe(run: Run): string {
  return (
    `${run.connections} connections, ${run.seconds} s per measurement after a ${run.warmupSeconds} s ` +
    `warm-up, server and bare alternating; ${run.machine}`
  );
}

/** bench/results/latest.json: the whole run, for tools. */
export function writeLatestJson(run: Run): string {
  const file = path.join(benchRoot, 'results', 'latest.json');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(run, null, 2)}\n`);
  return file;
}

/** bench/RESULTS.md: this run on top, the previous runs below it (the last ten kept). */
/** One line a page: '- home page JS: 7 files, 445.0 KB (120.1 KB brotli)'. */
export function pageLines(run: Run): string[] {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const lines = (run.pages ?? []).map(
    (page) =>
      `- ${page.page}: ${page.files} files, ${kb(page.decodedBytes)} (${kb(page.transferBytes)} brotli)`,
  );
  return lines.length ? ['', ...lines] : [];
}

export function updateResultsMarkdown(run: Run): string {
  const file = path.join(benchRoot, 'RESULTS.md');
  const previous = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split(RUN_MARKER)
        .slice(1)
        .map((section) => section.trim())
    : [];
  const section = [
    `## ${run.date}`,
    '',
    describe(run) + '.',
    '',
    table(run),
    ...pageLines(run),
  ].join('\n');
  const intro = [
    '# Bench results',
    '',
    'Written by `npm run bench` (see README.md): each endpoint of the real server (built web app,',
    'demo catalog on a fresh PGlite) beside a bare node:http server answering the same bytes, measured',
    `in the same run. Goal: ratio >= ${GOAL.minRatio} and server p99 < ${GOAL.maxP99Ms} ms at 50 connections.`,
    'POST /api/order rows: orders/s on a server of their own (PGlite, then PostgreSQL), beside the',
    'same reserve-and-insert transaction run as bare SQL on that database (no goal set for writes).',
    'Newest run first.',
  ].join('\n');
  const runs = [section, ...previous].slice(0, KEPT_RUNS);
  writeFileSync(file, `${intro}\n\n${runs.map((text) => `${RUN_MARKER}\n\n${text}\n`).join('\n')}`);
  return file;
}

export { describe as describeRun };
