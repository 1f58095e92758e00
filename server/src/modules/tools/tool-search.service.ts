import { isSkuLike, searchWords, type SearchCorrection } from '@tools-factory/contract';
import type { Database } from '../../db/client.ts';
import { createKeptPerBuild } from './kept-per-build.ts';
import {
  rankedIntersection,
  toolsByName,
  wordPosting,
  type ToolsByName,
  type WordPosting,
} from './search-postings.ts';
import {
  selectIdsByName,
  selectIdsBySkuStart,
  selectNearestCatalogWord,
  selectStems,
  selectWordHolders,
} from './tool-search.repository.ts';

/** What a search found: tools' ids, the best first, how many in all, and the words it corrected. */
export type ToolSearchFound = {
  ids: string[];
  total: number;
  corrected: SearchCorrection[];
};

/** A word the search may correct: letters only (never a SKU, a size or a number), 3 to 30 of them. */
const CORRECTABLE_WORD = /^\p{L}{3,30}$/u;

/** A word matched by its English stem too, and ranked: letters and digits only (a SKU never is). */
const STEMMED_WORD = /^[\p{L}\p{N}]+$/u;

/**
 * How many tools the kept postings name at most, all words together (8 bytes each: 16 MB when
 * full, about every word of 50,000 tools' names and descriptions). 'hammer' names about 4,000
 * at 50,000 tools; 'steel', 23,000.
 */
export const MAX_POSTED_TOOLS = 2_000_000;

/** How many words' corrections are kept (a word and the catalog word nearest it, or none). */
const MAX_CORRECTIONS_KEPT = 4_096;

/**
 * The catalog's search (issue 43 item 2, docs/decisions/057-search-in-postgres.md), in this
 * order: a SKU or its start finds exactly the tools whose SKU starts so; else every word must
 * be in a tool (any part of its name, SKU or description, as typed or as its English stem),
 * ranked by the sum of the words' ts_rank (a word in the name above one in the description),
 * then by name; when nothing is found, each word of letters that no tool holds is replaced by
 * the nearest word of the catalog (trigram similarity, at least CORRECTION_SIMILARITY), and the
 * corrected words are searched and named. Never fuzzy on SKUs.
 *
 * A word is found in the database once per catalog build (its posting, kept with
 * createKeptPerBuild up to MAX_POSTED_TOOLS): a search of words asked before, in any mix, is
 * an intersection in memory. Buyers' searches share the catalog's few thousand words.
 */
export function createToolSearchService(deps: { db: Database }) {
  const { db } = deps;
  const byName = createKeptPerBuild<ToolsByName>({ capacity: 1 });
  const postings = createKeptPerBuild<WordPosting>({
    capacity: MAX_POSTED_TOOLS,
    weigh: (posting) => posting.positions.length,
  });
  const nearestWords = createKeptPerBuild<string | undefined>({ capacity: MAX_CORRECTIONS_KEPT });

  /** The build's tools on sale by name, read once per build. */
  function toolsOf(build: number): Promise<ToolsByName> {
    return byName(build, 'tools', async () => toolsByName(await selectIdsByName(db)));
  }

  /** The postings of `words`, each read from the database once per build. */
  function postingsOf(
    build: number,
    tools: ToolsByName,
    words: readonly string[],
  ): Promise<WordPosting[]> {
    return Promise.all(
      words.map((word) =>
        postings(build, word, async () => {
          const [stem] = STEMMED_WORD.test(word) ? await selectStems(db, [word]) : [undefined];
          return wordPosting(tools, await selectWordHolders(db, { text: word, stem }));
        }),
      ),
    );
  }

  /**
   * The ids found for `q` with the catalog of `build` (CatalogBodies.build). `limit` caps the
   * ids, the best kept (all of them without one); `total` counts them all.
   */
  async function find(build: number, q: string, limit?: number): Promise<ToolSearchFound> {
    const words = searchWords(q);
    if (words.length === 0) return { ids: [], total: 0, corrected: [] };
    if (isSkuLike(words)) {
      const bySku = await selectIdsBySkuStart(db, words[0]!, limit);
      if (bySku.total > 0) return { ...bySku, corrected: [] };
    }
    const tools = await toolsOf(build);
    const asTyped = await postingsOf(build, tools, words);
    const found = rankedIntersection(tools, asTyped, limit);
    if (found.total > 0) return { ...found, corrected: [] };

    const corrections = await Promise.all(
      words.map((word, index) =>
        // One word that found nothing is known to be held by no tool.
        CORRECTABLE_WORD.test(word) &&
        (words.length === 1 || asTyped[index]!.positions.length === 0)
          ? nearestWords(build, word, () => selectNearestCatalogWord(db, word))
          : undefined,
      ),
    );
    const corrected: SearchCorrection[] = words.flatMap((word, index) => {
      const correction = corrections[index];
      return correction ? [{ word, correction }] : [];
    });
    const correctedWords = words.map((word, index) => corrections[index] ?? word);
    if (corrected.length === 0) return { ...found, corrected };
    const again = rankedIntersection(tools, await postingsOf(build, tools, correctedWords), limit);
    return again.total > 0 ? { ...again, corrected } : { ...again, corrected: [] };
  }

  return { find };
}

export type ToolSearchService = ReturnType<typeof createToolSearchService>;
