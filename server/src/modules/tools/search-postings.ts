import type { FoundIds, WordHolder } from './tool-search.repository.ts';

// The search's words in memory (issue 43 item 2): what the database found for each word, as
// positions in the build's tools by name, so that a search of several words compares numbers in
// sorted arrays, never ids.

/** The tools on sale of one catalog build, in the order of their names (then ids). */
export type ToolsByName = {
  ids: readonly string[];
  positions: ReadonlyMap<string, number>;
};

/** `ids` in name order as ToolsByName. */
export function toolsByName(ids: readonly string[]): ToolsByName {
  return { ids, positions: new Map(ids.map((id, position) => [id, position])) };
}

/**
 * A word's posting: the positions (ToolsByName) of the tools holding it, ascending (by name),
 * the word's rank in each, and the position of the tool whose whole SKU is the word (-1 when
 * none is).
 */
export type WordPosting = {
  positions: Int32Array;
  ranks: Float32Array;
  wholeSku: number;
};

/**
 * The posting of a word from its holders. A holder that is not among `tools` is left out: it
 * came on sale after this build's list was read, and the next build reads it.
 */
export function wordPosting(tools: ToolsByName, holders: readonly WordHolder[]): WordPosting {
  // Each holder as one number, its position then its index among the holders, so that a numeric
  // sort of a typed array (no comparator, no object a holder) puts them in name order: a word
  // held by 50,000 tools is a build's common case ('steel', 'mm').
  const span = holders.length + 1;
  const packed = new Float64Array(holders.length);
  let count = 0;
  let wholeSku = -1;
  holders.forEach((holder, index) => {
    const position = tools.positions.get(holder.id);
    if (position === undefined) return;
    packed[count++] = position * span + index;
    if (holder.isSku) wholeSku = position;
  });
  const sorted = packed.subarray(0, count).sort();
  const positions = new Int32Array(count);
  const ranks = new Float32Array(count);
  sorted.forEach((key, at) => {
    const position = Math.floor(key / span);
    positions[at] = position;
    ranks[at] = holders[key - position * span]!.rank;
  });
  return { positions, ranks, wholeSku };
}

/**
 * Where `position` is in `positions` (ascending), looking from `from` on; -1 - the place it
 * would go when it is not there.
 */
function find(positions: Int32Array, position: number, from: number): number {
  let low = from;
  let high = positions.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const found = positions[middle]!;
    if (found === position) return middle;
    if (found < position) low = middle + 1;
    else high = middle - 1;
  }
  return -1 - low;
}

/**
 * The tools in every posting, best first: the tool whose whole SKU is the one word, then by the
 * sum of the words' ranks, then by name. `limit` caps the ids; `total` counts them all. The
 * smallest posting is walked, each of its tools looked up in the others (all ascending, so each
 * lookup starts where the last ended); the found are grouped by rank (a few distinct sums),
 * each group in name order, so that thousands found cost no sort of thousands.
 */
export function rankedIntersection(
  tools: ToolsByName,
  postings: readonly WordPosting[],
  limit: number | undefined,
): FoundIds {
  if (postings.length === 0) return { ids: [], total: 0 };
  const smallest = postings.reduce((a, b) => (b.positions.length < a.positions.length ? b : a));
  const from = postings.map(() => 0);
  // Two words typed (even one word twice) are never a whole SKU: a SKU holds no space.
  const wholeSku = postings.length === 1 ? smallest.wholeSku : -1;
  let total = 0;
  const byRank = new Map<number, number[]>();
  smallest.positions.forEach((position, index) => {
    // Added in the words' order, as selectIdsHoldingWords adds them: the same sums to the bit.
    // An indexed loop: this runs once per tool of the smallest posting, thousands a search.
    let rank = 0;
    for (let word = 0; word < postings.length; word += 1) {
      const posting = postings[word]!;
      let at = index;
      if (posting !== smallest) {
        at = find(posting.positions, position, from[word]!);
        from[word] = at < 0 ? -1 - at : at + 1;
        if (at < 0) return;
      }
      rank += posting.ranks[at]!;
    }
    total += 1;
    if (position === wholeSku) return;
    const group = byRank.get(rank);
    if (group) group.push(position);
    else byRank.set(rank, [position]);
  });
  const best = wholeSku >= 0 ? [wholeSku] : [];
  const wanted = limit ?? total;
  for (const rank of [...byRank.keys()].sort((a, b) => b - a)) {
    for (const position of byRank.get(rank)!) {
      if (best.length >= wanted) break;
      best.push(position);
    }
  }
  return { ids: best.map((position) => tools.ids[position]!), total };
}
