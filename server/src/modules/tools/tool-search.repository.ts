import { and, asc, desc, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { catalogWords, toolSearch } from './tool-search.table.ts';

// The search's statements (docs/decisions/057-search-in-postgres.md): they find and rank tools'
// ids; the tools themselves are read from the catalog snapshot. Every word comes as a bound
// parameter; LIKE's own characters in it are escaped, and only words of letters and digits
// reach to_tsquery, so no word is ever read as a pattern or a query.
//
// A word is matched through one index, the trigrams of tool_search.content: as typed, or as its
// English stem ('hammers' finds 'hammer'). Matching by the text-search document as well (an OR
// of the two GIN indexes) made PostgreSQL, once it had statistics, read every row instead (50 ms
// for 'hammer' at 50,000 tools, against 11 ms): the document ranks what the trigrams found.

/** The text-search configuration of tool_search.document (migration 0026), and its stemmer. */
const TEXT_SEARCH_CONFIG = sql.raw(`'english'::regconfig`);
const STEMMER = sql.raw(`'english_stem'::regdictionary`);

/** How close a catalog word must be to a word that found nothing to replace it (pg_trgm's similarity). */
export const CORRECTION_SIMILARITY = 0.4;

/** One word of a search as the statements read it. */
export type SearchWord = {
  /** Lower case, as typed. */
  text: string;
  /** Its English stem, for a word of letters and digits that is no stop word ('hammers': 'hammer'). */
  stem?: string | undefined;
};

/** Found tools' ids, best first, and how many there are in all. */
export type FoundIds = { ids: string[]; total: number };

/** `text` with LIKE's own characters escaped. */
function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/gu, (character) => `\\${character}`);
}

/**
 * The English stems of `words` (letters and digits only), in their order; undefined for a stop
 * word ('the'), which the stemmer drops.
 */
export async function selectStems(
  executor: Executor,
  words: readonly string[],
): Promise<Array<string | undefined>> {
  if (words.length === 0) return [];
  const columns = words.map(
    (word, index) => sql`(ts_lexize(${STEMMER}, ${word}))[1] as ${sql.identifier(`stem${index}`)}`,
  );
  const result = (await executor.execute(sql`select ${sql.join(columns, sql`, `)}`)) as unknown as {
    rows: Array<Record<string, string | null>>;
  };
  const row = result.rows[0] ?? {};
  return words.map((_, index) => row[`stem${index}`] ?? undefined);
}

/**
 * A tool's search row holds the word: as any part of its name, SKU or description, or its stem
 * does (the stem alone when the word holds it: 'hammers' holds 'hammer').
 */
function rowHolds(word: SearchWord): SQL {
  const like = (part: string) =>
    sql`${toolSearch.content} like ${`%${likeEscaped(part)}%`} escape '\\'`;
  const { text: typed, stem } = word;
  if (!stem || stem === typed) return like(typed);
  if (typed.includes(stem)) return like(stem);
  return sql`(${like(typed)} or ${like(stem)})`;
}

/**
 * The ids of the tools on sale whose name, SKU or description holds every word as typed (lower
 * case, any part of them; no stems, no corrections): Manage Tools' search (issue 43), the one
 * the screen ran in the browser before it paged, through the trigrams of tool_search.content.
 */
export function idsHoldingEveryWord(executor: Executor, words: readonly string[]) {
  return executor
    .select({ id: toolSearch.toolId })
    .from(toolSearch)
    .where(and(...words.map((text) => rowHolds({ text }))));
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
    .where(sql`${toolSearch.sku} like ${`${likeEscaped(start)}%`} escape '\\'`)
    .orderBy(desc(sql`${toolSearch.sku} = ${start}`), asc(toolSearch.sku));
  const rows = await (limit === undefined ? query : query.limit(limit));
  return { ids: rows.map((row) => row.id), total: rows[0]?.total ?? 0 };
}

/** A tool holding a word: its id, the word's ts_rank in it, and whether the word is its SKU. */
export type WordHolder = { id: string; rank: number; isSku: boolean };

/**
 * The tools on sale holding the word (rowHolds), through the trigrams of tool_search.content,
 * each with the word's ts_rank in its document (a word in the name, weight A, above one in the
 * description, B; the word also as a word's start; 0 for a word not of letters and digits, or
 * a stop word) and whether the word is its whole SKU. In no order.
 */
export async function selectWordHolders(
  executor: Executor,
  word: SearchWord,
): Promise<WordHolder[]> {
  const rows = await executor
    .select({
      id: toolSearch.toolId,
      rank: sql<number>`${wordRank(word)}`,
      isSku: sql<boolean>`${toolSearch.sku} = ${word.text}`,
    })
    .from(toolSearch)
    .where(rowHolds(word));
  return rows.map((row) => ({ ...row, rank: Number(row.rank) }));
}

/** The word's ts_rank in a tool's document, as float8; 0 for a word not ranked (WordHolder). */
function wordRank(word: SearchWord): SQL {
  return word.stem === undefined
    ? sql`0::float8`
    : sql`ts_rank(${toolSearch.document}, to_tsquery(${TEXT_SEARCH_CONFIG}, ${`${word.text}:*`}))::float8`;
}

/**
 * The tools on sale holding every word (any order), best first, in one statement: ranked as
 * rankedIntersection ranks the words' postings (search-postings.ts), to the last bit: the tool
 * whose SKU is the one word, then the sum of the words' ranks (added in the words' order), then
 * name and id. What a search asks while its words are not read yet. `limit` caps the ids.
 */
export async function selectIdsHoldingWords(
  executor: Executor,
  words: readonly SearchWord[],
  limit: number | undefined,
): Promise<FoundIds> {
  const [first] = words;
  const wholeSku =
    words.length === 1 && first ? [desc(sql`${toolSearch.sku} = ${first.text}`)] : [];
  const rank = sql.join(words.map(wordRank), sql` + `);
  const query = executor
    .select({ id: toolSearch.toolId, total: sql<number>`(count(*) over ())::int` })
    .from(toolSearch)
    .where(and(...words.map(rowHolds)))
    .orderBy(...wholeSku, desc(sql`(${rank})`), asc(toolSearch.name), asc(toolSearch.toolId));
  const rows = await (limit === undefined ? query : query.limit(limit));
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
    .where(rowHolds(word));
  return (row?.count ?? 0) > 0;
}

/** The ids of the tools on sale in the order of their names (then ids): ties of rank go so. */
export async function selectIdsByName(executor: Executor): Promise<string[]> {
  const rows = await executor
    .select({ id: toolSearch.toolId })
    .from(toolSearch)
    .orderBy(asc(toolSearch.name), asc(toolSearch.toolId));
  return rows.map((row) => row.id);
}

/**
 * The `limit` words found most often in the names on sale (lower case, split at spaces as a
 * search splits what is typed; each occurrence counted, so a word twice in one name counts twice),
 * found twice at least, the most often first: the words whose postings cost the most to read,
 * read behind a build's first search (tool-search.service.ts). Spaces only (string_to_table):
 * 0.5 s at 50,000 tools on PostgreSQL, 0.7 s split at any white space; a word beside a tab or a
 * line break in a name is only not read ahead.
 */
export async function selectCommonNameWords(executor: Executor, limit: number): Promise<string[]> {
  const result = (await executor.execute(sql`
    select word from (
      select word, count(*) as occurrences
      from ${toolSearch}, string_to_table(lower(${toolSearch.name}), ' ') as word
      where word <> ''
      group by word
    ) as held
    where occurrences >= 2
    order by occurrences desc, word
    limit ${limit}`)) as unknown as { rows: Array<{ word: string }> };
  return result.rows.map((row) => row.word);
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
