import { readRssBytes } from './memory.ts';

/**
 * Samples a process's RSS every `everyMs` until stopped; `stop()` gives the highest seen. The
 * sampling reads one small /proc file, so it does not weigh on the load it watches.
 */
export function watchRssPeak(pid: number, everyMs = 100): { stop: () => number } {
  let peak = readRssBytes(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, readRssBytes(pid));
    } catch {
      // the process has exited: keep the peak seen so far
    }
  }, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}
