import { readFileSync } from 'node:fs';

/**
 * The resident set of a process in bytes, from /proc/<pid>/status (VmRSS, reported in kB): what
 * the process holds in RAM, its heap, the WASM memory of PGlite and the code included.
 */
export function readRssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  if (!match) throw new Error(`/proc/${pid}/status has no VmRSS line`);
  return Number(match[1]) * 1024;
}

/**
 * The highest RSS the process has had since it started, from /proc/<pid>/status (VmHWM): no
 * sampling interval misses it, but it includes the start (PGlite's peaks at about 770 MB while
 * its WASM compiles, then falls to under 300 MB), so it is the peak under load only when that is
 * higher than the start's.
 */
export function readPeakRssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmHWM:\s+(\d+)\s+kB$/m.exec(status);
  if (!match) throw new Error(`/proc/${pid}/status has no VmHWM line`);
  return Number(match[1]) * 1024;
}

/**
 * The Node flags `npm run serve` starts the server with (package.json): a benchmark that spawns
 * server/dist/server.js itself passes them too, or it measures another process (decision 014:
 * without the cap V8's young generation alone holds about 120 MB more).
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8'];
