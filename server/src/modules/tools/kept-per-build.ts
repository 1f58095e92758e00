/**
 * Values made from the catalog's names, SKUs and descriptions and from what is on sale, kept for
 * the catalog build they were made in (CatalogBodies.build). The answers kept before routing
 * (decision 028) are dropped with every catalog version, and a version passes with every order;
 * what is kept here depends only on what a build changes, so it outlives the orders between.
 *
 * A value asked for with an older build than the latest seen is made and not kept: it may be
 * either build's. A failure is never kept. Past `capacity` (counted by `weigh`, 1 a value
 * unless said), the least recently asked are dropped first; a value heavier than the whole
 * capacity is answered and dropped.
 */
export function createKeptPerBuild<Value>(options: {
  capacity: number;
  weigh?: (value: Value) => number;
}) {
  const { capacity, weigh = () => 1 } = options;
  let build = 0;
  let weight = 0;
  const kept = new Map<string, { value: Promise<Value>; weight: number; made?: Value }>();

  function drop(key: string): void {
    const entry = kept.get(key);
    if (!entry) return;
    kept.delete(key);
    weight -= entry.weight;
  }

  function fitCapacity(): void {
    for (const key of kept.keys()) {
      if (weight <= capacity) return;
      drop(key);
    }
  }

  function keep(askedBuild: number, key: string, make: () => Promise<Value>): Promise<Value> {
    if (askedBuild < build) return make();
    if (askedBuild > build) {
      kept.clear();
      weight = 0;
      build = askedBuild;
    }
    const known = kept.get(key);
    if (known) {
      // The most recently asked are the last dropped.
      kept.delete(key);
      kept.set(key, known);
      return known.value;
    }
    const value = make();
    const entry: { value: Promise<Value>; weight: number; made?: Value } = { value, weight: 1 };
    kept.set(key, entry);
    weight += entry.weight;
    fitCapacity();
    value.then(
      (made) => {
        if (kept.get(key) !== entry) return;
        entry.made = made;
        const madeWeight = Math.max(1, weigh(made));
        weight += madeWeight - entry.weight;
        entry.weight = madeWeight;
        fitCapacity();
      },
      () => {
        if (kept.get(key) === entry) drop(key);
      },
    );
    return value;
  }

  /**
   * The value kept for `key` with `askedBuild`, once made (undefined while it is being made,
   * when none is kept, or for another build than the latest seen): an ask that makes nothing.
   */
  function peek(askedBuild: number, key: string): Value | undefined {
    const entry = askedBuild === build ? kept.get(key) : undefined;
    if (entry?.made === undefined) return undefined;
    kept.delete(key);
    kept.set(key, entry);
    return entry.made;
  }

  return Object.assign(keep, { peek });
}
