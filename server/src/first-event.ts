import type { EventEmitter } from 'node:events';

/**
 * Resolves when `emitter` first emits one of `events`, or once `limitMs` has passed, whichever
 * comes first, and leaves neither listener nor timer behind: a bounded wait on something that may
 * never answer (Redis's first connection, a log reader that went away).
 */
export function firstEventOrTimeout(
  emitter: Pick<EventEmitter, 'once' | 'off'>,
  events: readonly string[],
  limitMs: number,
): Promise<void> {
  return new Promise((resolve) => {
    const settle = () => {
      clearTimeout(timer);
      for (const event of events) emitter.off(event, settle);
      resolve();
    };
    const timer = setTimeout(settle, limitMs);
    for (const event of events) emitter.once(event, settle);
  });
}
