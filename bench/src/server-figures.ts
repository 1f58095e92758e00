import { setTimeout as sleep } from 'node:timers/promises';
import { readRssBytes } from './memory.ts';
import type { RunningServer } from './processes.ts';
import type { ServerFigures } from './report.ts';
import { watchRssPeak } from './rss-peak.ts';

/** How long a just-ready server is left alone before its idle RSS is read (start-up garbage settles). */
const SETTLE_MS = 2000;

export type WatchedServer = {
  /** Runs `work` (a load on the server) while sampling the server's RSS for its peak. */
  underLoad: <T>(work: () => Promise<T>) => Promise<T>;
  figures: () => ServerFigures;
};

/**
 * Reads a just-started server's idle RSS (after a short settle, before any request but the
 * readiness check) and keeps its start-to-ready time; `underLoad` adds the peak RSS under load.
 */
export async function watchServer(
  server: RunningServer,
  label: string,
  maxIdleRssBytes?: number,
): Promise<WatchedServer> {
  await sleep(SETTLE_MS);
  const figures: ServerFigures = {
    server: label,
    readyMs: server.readyMs,
    idleRssBytes: readRssBytes(server.pid),
    ...(maxIdleRssBytes === undefined ? {} : { maxIdleRssBytes }),
  };
  return {
    underLoad: async (work) => {
      const watch = watchRssPeak(server.pid);
      try {
        return await work();
      } finally {
        figures.peakRssBytes = Math.max(figures.peakRssBytes ?? 0, watch.stop());
      }
    },
    figures: () => ({ ...figures }),
  };
}
