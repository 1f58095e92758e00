/**
 * An answer and the time it is known to hold at: when the computation that gave it started, or
 * later, when the database was seen to have committed nothing since.
 */
export type LatestAnswer<T> = { value: T; asOf: Date };

/** What a computation gives: its value and the database's committed state it read. */
export type Computed<T> = { value: T; version: string };

type Entry<T> = {
  latest?: LatestAnswer<T> & { version: string };
  running?: Promise<LatestAnswer<T>>;
};

/**
 * Answers that can take seconds to compute (a year of Sales at a million orders), computed at
 * most once at a time per key on this instance:
 * - an ask when none is running reads the database's committed state (`version`, one cheap
 *   statement): when nothing was committed since the key's last answer was read, that answer is
 *   today's and is given at once (as of now); else it starts a computation and waits for it, so
 *   an admin who refunds and then opens Sales sees the refund, on whichever instance;
 * - an ask while one is running gets the key's last answer at once, when it is younger than
 *   `maxAgeMs`, and waits for the running one otherwise.
 * So twenty admins asking at once cost one computation, a quiet database none, and an answer
 * given is never older than `maxAgeMs`. A failed computation keeps the last answer and fails only
 * the asks that waited for it. At most `maxKeys` keys are kept, the least recently asked dropped
 * first.
 */
export function createLatestAnswers<T>(options: {
  maxKeys: number;
  maxAgeMs: number;
  now: () => Date;
  /** The database's committed state now, as the computations report theirs. */
  version: () => Promise<string>;
}) {
  const { maxKeys, maxAgeMs, now, version } = options;
  const entries = new Map<string, Entry<T>>();

  /** The key's entry, made the most recently asked (a Map iterates in insertion order). */
  function touch(key: string): Entry<T> {
    const entry = entries.get(key) ?? {};
    entries.delete(key);
    entries.set(key, entry);
    for (const oldest of entries.keys()) {
      if (entries.size <= maxKeys) break;
      entries.delete(oldest);
    }
    return entry;
  }

  return {
    async get(key: string, compute: () => Promise<Computed<T>>): Promise<LatestAnswer<T>> {
      const entry = touch(key);
      if (entry.running) return runningOrYoung(entry, entry.running);
      const { latest } = entry;
      if (latest) {
        const checkedAt = now();
        const current = await version();
        // A computation another ask started meanwhile reads at least this state: share it.
        if (entry.running) return runningOrYoung(entry, entry.running);
        if (current === latest.version && entry.latest === latest) {
          latest.asOf = checkedAt;
          return { value: latest.value, asOf: checkedAt };
        }
      }
      return start(entry, compute);
    },
  };

  /** For an ask while a computation runs: the last answer when young enough, else the new one. */
  function runningOrYoung(entry: Entry<T>, running: Promise<LatestAnswer<T>>) {
    const { latest } = entry;
    const young = latest && now().getTime() - latest.asOf.getTime() <= maxAgeMs;
    return young ? { value: latest.value, asOf: latest.asOf } : running;
  }

  /** Starts the key's computation; its answer becomes the key's last one. */
  function start(entry: Entry<T>, compute: () => Promise<Computed<T>>): Promise<LatestAnswer<T>> {
    const asOf = now();
    const running = compute()
      .then(({ value, version: read }) => {
        entry.latest = { value, asOf, version: read };
        return { value, asOf };
      })
      .finally(() => {
        entry.running = undefined;
      });
    entry.running = running;
    return running;
  }
}
