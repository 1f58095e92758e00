/** An answer and when the computation that gave it started (what it shows is as of then). */
export type LatestAnswer<T> = { value: T; asOf: Date };

type Entry<T> = {
  latest?: LatestAnswer<T>;
  running?: Promise<LatestAnswer<T>>;
};

/**
 * Answers that can take seconds to compute (a year of Sales at a million orders), computed at
 * most once at a time per key on this instance:
 * - an ask when none is running starts one and waits for it, so an admin who refunds and then
 *   opens Sales sees the refund: nothing older is given to an ask that could start afresh;
 * - an ask while one is running gets the key's last answer at once, when it is younger than
 *   `maxAgeMs`, and waits for the running one otherwise.
 * So twenty admins asking at once cost one computation, and an answer given is never older than
 * `maxAgeMs`. A failed computation keeps the last answer and fails only the asks that waited for
 * it. At most `maxKeys` keys are kept, the least recently asked dropped first.
 */
export function createLatestAnswers<T>(options: {
  maxKeys: number;
  maxAgeMs: number;
  now: () => Date;
}) {
  const { maxKeys, maxAgeMs, now } = options;
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
    get(key: string, compute: () => Promise<T>): Promise<LatestAnswer<T>> {
      const entry = touch(key);
      if (entry.running) {
        const { latest } = entry;
        const young = latest && now().getTime() - latest.asOf.getTime() <= maxAgeMs;
        return young ? Promise.resolve(latest) : entry.running;
      }
      return start(entry, compute);
    },
  };

  /** Starts the key's computation; its answer becomes the key's last one. */
  function start(entry: Entry<T>, compute: () => Promise<T>): Promise<LatestAnswer<T>> {
    const asOf = now();
    const running = compute()
      .then((value) => {
        entry.latest = { value, asOf };
        return entry.latest;
      })
      .finally(() => {
        entry.running = undefined;
      });
    entry.running = running;
    return running;
  }
}
