import { and, asc, desc, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { catalogWords, toolSearch } from './tool-search.table.ts';

// The search's statements (docs/decisions/057-search-in-postgres.md): they find and rank tools'
// ids; the tools themselves are read from the catalog snapshot. Every word comes as a bound
// parameter; LIKE's own characters in it are escaped, and only words of letters and digits
// reach to_tsquery, so no word is ever read as a pattern or a query.

/** The text-search configuration of tool_search.document (migration 0026). */
const TEXT_SEARCH_CONFIG = sql.raw(`'english'::regconfig`);

/** How close a catalog word must be to a word that found nothing to replace it (pg_trgm's similarity). */
export const CORRECTION_SIMILARITY = 0.4;

/** One word of a search as the statements read it. */
export type SearchWord = {
  /** Lower case, as typed. */
  text: string;
  /** Also matched by its English stem (a word of letters and digits only). */
  stemmed: boolean;
  /** Its stem is matched as the start of a word too (the last word, while it is typed). */
  prefix: boolean;
};

/** Found tools' ids, best first, and how many there are in all. */
export type FoundIds = { ids: string[]; total: number };

/** `text` as a LIKE pattern matching itself anywhere. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/gu, (character) => `\\${character}`)}%`;
}

/** `text` as a LIKE pattern matching any text that starts with it. */
function startingWith(text: string): string {
  return `${text.replace(/[\\%_]/gu, (character) => `\\${character}`)}%`;
}

/** The to_tsquery text of a word (letters and digits only: nothing in it is an operator). */
function queryText(word: SearchWord): string {
  return word.prefix ? `${word.text}:*` : word.text;
}

/** A tool's search row holds the word: any part of its name, SKU or description, or its stem. */
function holds(word: SearchWord): SQL {
  const part = sql`${toolSearch.content} like ${containing(word.text)} escape '\\'`;
  if (!word.stemmed) return part;
  return sql`(${part} or ${toolSearch.document} @@ to_tsquery(${TEXT_SEARCH_CONFIG}, ${queryText(word)}))`;
}

/**
 * The tools on sale whose SKU starts with `start` (lower case; the whole SKU first, then by
 * SKU): through tool_search_sku_idx, never a pattern of any other kind.
 */
export async function selectIdsBySkuStart(
  executor: Executor,
  start: string,
  limit: number | undefined,
): Promise<FoundIds> {
  const query = executor
    .select({ id: toolSearch.toolId, total: sql<number>`(count(*) over ())::int` })
    .from(toolSearch)
    .where(sql`${toolSearch.sku} like ${startingWith(start)} escape '\\'`)
    .orderBy(desc(sql`${toolSearch.sku} = ${start}`), asc(toolSearch.sku));
  const rows = await (limit === undefined ? query : query.limit(limit));
  return { ids: rows.map((row) => row.id), total: rows[0]?.total ?? 0 };
}

/**
 * The tools on sale holding every word (any order), best first: a tool whose SKU is `whole`,
 * then by ts_rank (a word in the name weighs more than one in the description), then by name.
 * `limit` caps the ids (not `total`).
 */
export async function selectIdsHoldingWords(
  executor: Executor,
  words: readonly SearchWord[],
  page: { whole: string; limit: number | undefined },
): Promise<FoundIds> {
  const stemmed = words.filter((word) => word.stemmed);
  const ranks = stemmed.length
    ? [
        desc(
          sql`ts_rank(${toolSearch.document}, to_tsquery(${TEXT_SEARCH_CONFIG}, ${stemmed.map(queryText).join(' & ')}))`,
        ),
      ]
    : [];
  const query = executor
    .select({ id: toolSearch.toolId, total: sql<number>`(count(*) over ())::int` })
    .from(toolSearch)
    .where(and(...words.map(holds)))
    .orderBy(
      desc(sql`${toolSearch.sku} = ${page.whole}`),
      ...ranks,
      asc(toolSearch.name),
      asc(toolSearch.toolId),
    );
  const rows = await (page.limit === undefined ? query : query.limit(page.limit));
  return { ids: rows.map((row) => row.id), total: rows[0]?.total ?? 0 };
}

/**
 * Whether any tool on sale holds the word. Counted, not LIMIT 1: with a limit PostgreSQL bets
 * on a sequential scan finding one soon, which for a word no tool holds reads every row (47 ms
 * at 50,000 tools, against 2.5 ms through the indexes).
 */
export async function anyToolHolds(executor: Executor, word: SearchWord): Promise<boolean> {
  const [row] = await executor
    .select({ count: sql<number>`count(*)::int` })
    .from(toolSearch)
    .where(holds(word));
  return (row?.count ?? 0) > 0;
}

/**
 * The catalog word nearest to `word` by trigram similarity, at least CORRECTION_SIMILARITY
 * (pg_trgm's `%` finds the candidates through catalog_words_word_idx); the more similar first,
 * then the shorter, then A to Z. Undefined when none is that close.
 */
export async function selectNearestCatalogWord(
  executor: Executor,
  word: string,
): Promise<string | undefined> {
  const similarity = sql`similarity(${catalogWords.word}, ${word})`;
  const [row] = await executor
    .select({ word: catalogWords.word })
    .from(catalogWords)
    .where(and(sql`${catalogWords.word} % ${word}`, sql`${similarity} >= ${CORRECTION_SIMILARITY}`))
    .orderBy(desc(similarity), asc(sql`length(${catalogWords.word})`), asc(catalogWords.word))
    .limit(1);
  return row?.word;
}
