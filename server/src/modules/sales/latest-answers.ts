/** An answer and when the computation that gave it started (what it shows is as of then). */
export type LatestAnswer<T> = { value: T; asOf: Date };

type Entry<T> = {
  latest?: LatestAnswer<T>;
  running?: Promise<LatestAnswer<T>>;
};

/**
 * Answers that can take seconds to compute (a year of Sales at a million orders), computed at
 * most once at a time per key on this instance:
 * - an ask when none is running starts one and waits up to `waitMs` for it, so a quiet shop
 *   gets fresh figures whenever they take less (an admin who refunds, then opens Sales, sees
 *   the refund); past `waitMs` it gets the key's last answer if there is one younger than
 *   `maxAgeMs`, and goes on waiting otherwise;
 * - an ask while one is running gets that last answer at once, and waits without one.
 * So twenty admins asking at once cost one computation, and an answer given is never older than
 * `maxAgeMs`. A failed computation keeps the last answer and fails only the asks that waited for
 * it. At most `maxKeys` keys are kept, the least recently asked dropped first.
 */
export function createLatestAnswers<T>(options: {
  maxKeys: number;
  maxAgeMs: number;
  waitMs: number;
  now: () => Date;
}) {
  const { maxKeys, maxAgeMs, waitMs, now } = options;
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
      /** The last answer when it may still be given. */
      const young = () => {
        const { latest } = entry;
        return latest && now().getTime() - latest.asOf.getTime() <= maxAgeMs ? latest : undefined;
      };
      if (entry.running) {
        const latest = young();
        return latest ? Promise.resolve(latest) : entry.running;
      }
      const running = start(entry, compute);
      if (!young()) return running;
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<LatestAnswer<T> | undefined>((resolve) => {
        timer = setTimeout(() => resolve(young()), waitMs);
      });
      // A failure within waitMs fails the ask, as it would have without a last answer.
      return Promise.race([running, waited]).then((answer) => {
        clearTimeout(timer);
        return answer ?? running;
      });
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
