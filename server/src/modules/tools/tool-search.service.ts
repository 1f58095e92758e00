import { isSkuLike, searchWords, type SearchCorrection } from '@tools-factory/contract';
import type { Database } from '../../db/client.ts';
import {
  anyToolHolds,
  selectIdsBySkuStart,
  selectIdsHoldingWords,
  selectNearestCatalogWord,
  selectStems,
  type SearchWord,
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
 * The catalog's search (issue 43 item 2, docs/decisions/057-search-in-postgres.md), in this
 * order: a SKU or its start finds exactly the tools whose SKU starts so; else every word must
 * be in a tool (any part of its name, SKU or description, as typed or as its English stem),
 * ranked by ts_rank (a word in the name above one in the description), then by name; when nothing is found, each word of letters that no
 * tool holds is replaced by the nearest word of the catalog (trigram similarity, at least
 * CORRECTION_SIMILARITY), and the corrected words are searched and named. Never fuzzy on SKUs.
 */
export function createToolSearchService(deps: { db: Database }) {
  const { db } = deps;

  /** `limit` caps the ids, the best kept (all of them without one); `total` counts them all. */
  async function find(q: string, limit?: number): Promise<ToolSearchFound> {
    const words = searchWords(q);
    if (words.length === 0) return { ids: [], total: 0, corrected: [] };
    if (isSkuLike(words)) {
      const bySku = await selectIdsBySkuStart(db, words[0]!, limit);
      if (bySku.total > 0) return { ...bySku, corrected: [] };
    }
    const whole = words.join(' ');
    const asTyped = await readWords(words);
    const found = await selectIdsHoldingWords(db, asTyped, { whole, limit });
    if (found.total > 0) return { ...found, corrected: [] };

    const corrected: SearchCorrection[] = [];
    const correctedWords: SearchWord[] = [];
    for (const word of asTyped) {
      // One word that found nothing is known to be held by no tool.
      const correction =
        CORRECTABLE_WORD.test(word.text) &&
        (asTyped.length === 1 || !(await anyToolHolds(db, word)))
          ? await selectNearestCatalogWord(db, word.text)
          : undefined;
      if (correction) corrected.push({ word: word.text, correction });
      correctedWords.push(correction ? (await readWords([correction]))[0]! : word);
    }
    if (corrected.length === 0) return { ...found, corrected };
    const again = await selectIdsHoldingWords(db, correctedWords, { whole, limit });
    return again.total > 0 ? { ...again, corrected } : { ...again, corrected: [] };
  }

  /** The words as the statements read them, with the stems of those of letters and digits. */
  async function readWords(texts: readonly string[]): Promise<SearchWord[]> {
    const stemmable = texts.filter((text) => STEMMED_WORD.test(text));
    const stems = await selectStems(db, stemmable);
    const stemOf = new Map(stemmable.map((text, index) => [text, stems[index]]));
    return texts.map((text) => ({ text, stem: stemOf.get(text) }));
  }

  return { find };
}

export type ToolSearchService = ReturnType<typeof createToolSearchService>;
