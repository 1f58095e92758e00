import type { Executor } from '../../db/client.ts';
import { pingDatabase } from './health.repository.ts';

/** How long /ready waits for the database before calling it down. */
export const READY_TIMEOUT_MS = 2_000;

/** True when the database answers `select 1` in time. */
export async function isDatabaseReachable(
  executor: Executor,
  timeoutMs = READY_TIMEOUT_MS,
): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([pingDatabase(executor).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
