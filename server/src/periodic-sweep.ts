/**
 * A sweep an instance runs on a timer (the order expiry, the payment reminders): once when
 * started, then every interval. Every instance runs its own, so each sweep must be safe to run
 * concurrently with another instance's. A sweep still running when the next one is due makes
 * that one skip; a failure is logged and the next interval tries again.
 */
export type PeriodicSweep = {
  /** Sweeps once now, then every interval. */
  start(): void;
  /** Stops the timer and waits for a sweep under way (call before the database closes). */
  stop(): Promise<void>;
};

export function createPeriodicSweep(options: {
  /** One sweep at `now`. */
  sweep: (now: Date) => Promise<void>;
  /** Says what a failed sweep was (the next interval tries again). */
  onError: (error: unknown) => void;
  intervalMs: number;
  now: () => Date;
}): PeriodicSweep {
  const { intervalMs, now } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  function sweep(): void {
    if (running || stopped) return;
    running = options
      .sweep(now())
      .catch((error: unknown) => {
        if (!stopped) options.onError(error);
      })
      .finally(() => {
        running = undefined;
      });
  }

  return {
    start() {
      if (timer || stopped) return;
      sweep();
      timer = setInterval(sweep, intervalMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
