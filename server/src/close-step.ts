import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';

/** A step of the close slower than this is logged as a warning: an operator's clue. */
const SLOW_STEP_MS = 1_000;

const GAVE_UP = Symbol('gave up');

/**
 * One step of a shutdown (draining requests, stopping a listener, closing the database), so that
 * the close always reaches its end well within its timer: a step that fails is logged and the
 * next one runs; one that takes longer than `limitMs` is left behind (logged) and the close goes
 * on, since the process is about to exit and its sockets close with it. Never throws.
 */
export async function closeStep(
  log: FastifyBaseLogger,
  name: string,
  limitMs: number,
  run: () => Promise<void> | void,
): Promise<void> {
  const startedAt = performance.now();
  const took = () => Math.round(performance.now() - startedAt);
  try {
    const outcome = await Promise.race([
      Promise.resolve().then(run),
      sleep(limitMs, GAVE_UP, { ref: false }),
    ]);
    if (outcome === GAVE_UP) {
      log.warn(`closing: ${name} not finished after ${took()} ms; going on without it`);
      return;
    }
  } catch (error) {
    log.warn({ err: error }, `closing: ${name} failed after ${took()} ms; going on`);
    return;
  }
  const ms = took();
  if (ms > SLOW_STEP_MS) log.warn(`closing: ${name} took ${ms} ms`);
  else log.info(`closing: ${name} took ${ms} ms`);
}
