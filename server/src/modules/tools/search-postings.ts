import type { FoundIds, WordHolder } from './tool-search.repository.ts';

// The search's words in memory (issue 43 item 2): what the database found for each word, as
// positions in the build's tools by name, so that a search of several words is counted in
// arrays, never looked up by id.

/** The tools on sale of one catalog build, in the order of their names (then ids). */
export type ToolsByName = {
  ids: readonly string[];
  positions: ReadonlyMap<string, number>;
  /**
   * What rankedIntersection counts, a slot per tool: how many of the words each holds and the
   * sum of their ranks. All zero between calls (each puts back what it counted), so that a
   * search allocates nothing the size of the catalog.
   */
  counts: { held: Uint16Array; rank: Float64Array };
};

/** `ids` in name order as ToolsByName. */
export function toolsByName(ids: readonly string[]): ToolsByName {
  return {
    ids,
    positions: new Map(ids.map((id, position) => [id, position])),
    counts: { held: new Uint16Array(ids.length), rank: new Float64Array(ids.length) },
  };
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
  const held: Array<{ position: number; rank: number }> = [];
  let wholeSku = -1;
  for (const holder of holders) {
    const position = tools.positions.get(holder.id);
    if (position === undefined) continue;
    held.push({ position, rank: holder.rank });
    if (holder.isSku) wholeSku = position;
  }
  held.sort((a, b) => a.position - b.position);
  return {
    positions: Int32Array.from(held, (tool) => tool.position),
    ranks: Float32Array.from(held, (tool) => tool.rank),
    wholeSku,
  };
}

/**
 * The tools in every posting, best first: the tool whose whole SKU is the one word, then by the
 * sum of the words' ranks, then by name. `limit` caps the ids; `total` counts them all. Counted
 * in `tools.counts`; the found are grouped by rank (a few distinct sums), each group in name
 * order, so that thousands found cost no sort of thousands.
 */
export function rankedIntersection(
  tools: ToolsByName,
  postings: readonly WordPosting[],
  limit: number | undefined,
): FoundIds {
  const words = postings.length;
  if (words === 0) return { ids: [], total: 0 };
  const { held, rank } = tools.counts;
  for (const posting of postings) {
    const { positions, ranks } = posting;
    for (let index = 0; index < positions.length; index += 1) {
      held[positions[index]!]! += 1;
      rank[positions[index]!]! += ranks[index]!;
    }
  }
  const smallest = postings.reduce((a, b) => (b.positions.length < a.positions.length ? b : a));
  const wholeSku = words === 1 ? smallest.wholeSku : -1;
  let total = 0;
  const byRank = new Map<number, number[]>();
  for (const position of smallest.positions) {
    if (held[position] !== words) continue;
    total += 1;
    if (position === wholeSku) continue;
    const sum = rank[position]!;
    const group = byRank.get(sum);
    if (group) group.push(position);
    else byRank.set(sum, [position]);
  }
  for (const posting of postings) {
    for (const position of posting.positions) {
      held[position] = 0;
      rank[position] = 0;
    }
  }
  const best = wholeSku >= 0 && total > 0 ? [wholeSku] : [];
  const wanted = limit ?? total;
  for (const sum of [...byRank.keys()].sort((a, b) => b - a)) {
    if (best.length >= wanted) break;
    for (const position of byRank.get(sum)!) {
      if (best.length >= wanted) break;
      best.push(position);
    }
  }
  return { ids: best.map((position) => tools.ids[position]!), total };
}
