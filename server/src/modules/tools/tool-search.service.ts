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
  anyToolHolds,
  selectIdsByName,
  selectIdsBySkuStart,
  selectIdsHoldingWords,
  selectCommonNameWords,
  selectNearestCatalogWord,
  selectStems,
  selectWordHolders,
  type FoundIds,
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
 * How many tools the kept postings name at most, all words together (8 bytes each: 16 MB when
 * full, about every word of 50,000 tools' names and descriptions). 'hammer' names about 4,000
 * at 50,000 tools; 'steel', 23,000.
 */
const MAX_POSTED_TOOLS = 2_000_000;

/**
 * How many of the names' most common words are read behind a build's first search: their
 * postings are the ones that cost the database most to find (thousands of tools each), so a
 * buyer's first search of them is an intersection in memory, not a statement ranking thousands.
 * A rarer word's statement is cheap, and it is read behind its first search.
 */
const COMMON_WORDS_READ = 300;

/** How many words' corrections are kept (a word and the catalog word nearest it, or none). */
const MAX_CORRECTIONS_KEPT = 4_096;

/**
 * How many words' English stems are kept. A stem depends on the word alone (the stemmer's, not
 * the catalog's), so it is kept across builds: a search of a word not read yet asks for its stem
 * once, not at each of its statements (a misspelt word's search had three).
 */
const MAX_STEMS_KEPT = 16_384;

/** The one "build" the stems are kept under: they outlive every catalog build. */
const STEMS_KEPT_FOR_EVERY_BUILD = 1;

/** How a search finds the tools holding words, and whether one word is held at all. */
type Finder = {
  idsHolding(words: readonly string[], limit: number | undefined): Promise<FoundIds>;
  anyHolds(word: string): Promise<boolean>;
};

/**
 * The catalog's search (issue 43 item 2, docs/decisions/057-search-in-postgres.md), in this
 * order: a SKU or its start finds exactly the tools whose SKU starts so; else every word must
 * be in a tool (any part of its name, SKU or description, as typed or as its English stem),
 * ranked by the sum of the words' ts_rank (a word in the name above one in the description),
 * then by name; when nothing is found, each word of letters that no tool holds is replaced by
 * the nearest word of the catalog (trigram similarity, at least CORRECTION_SIMILARITY), and the
 * corrected words are searched and named. Never fuzzy on SKUs.
 *
 * Each word is read from the database once per catalog build (its posting, kept with
 * createKeptPerBuild up to MAX_POSTED_TOOLS): a search whose words were all read is an
 * intersection in memory. One that holds a word not read yet is asked of the database in one
 * statement, ranked the same to the last bit, and its words are read behind it, one at a time,
 * so that the first searches after a start or a catalog edit cost what one statement costs. The
 * first search of a build also has the names' most common words read behind (COMMON_WORDS_READ):
 * the expensive ones to ask the database, and those most searches hold. Once they are read, a
 * word not read yet is read at once instead (finderFor).
 */
export function createToolSearchService(deps: { db: Database }) {
  const { db } = deps;
  const byName = createKeptPerBuild<ToolsByName>({ capacity: 1 });
  const postings = createKeptPerBuild<WordPosting>({
    capacity: MAX_POSTED_TOOLS,
    weigh: (posting) => posting.positions.length,
  });
  const nearestWords = createKeptPerBuild<string | undefined>({ capacity: MAX_CORRECTIONS_KEPT });
  const stems = createKeptPerBuild<string | null>({ capacity: MAX_STEMS_KEPT });
  /** The newest build asked about, and the reads behind the searches, one after another. */
  let latestBuild = 0;
  /** The newest build whose common words were queued to be read. */
  let commonWordsBuild = 0;
  /** The newest build whose common words were read (or failed to be): see finderFor. */
  let commonWordsReadBuild = 0;
  let reading: Promise<unknown> = Promise.resolve();
  const queued = new Set<string>();

  /**
   * The words as the statements read them, with the stems of those of letters and digits (null
   * for a stop word, which has none); the stems not kept yet are asked for in one statement.
   */
  async function readWords(texts: readonly string[]): Promise<SearchWord[]> {
    const stemmable = texts.filter((text) => STEMMED_WORD.test(text));
    const unknown = stemmable.filter(
      (text) => stems.peek(STEMS_KEPT_FOR_EVERY_BUILD, text) === undefined,
    );
    let asked: Promise<Array<string | undefined>> | undefined;
    const found = await Promise.all(
      stemmable.map((text) =>
        stems(STEMS_KEPT_FOR_EVERY_BUILD, text, async () => {
          asked ??= selectStems(db, unknown);
          return (await asked)[unknown.indexOf(text)] ?? null;
        }),
      ),
    );
    const stemOf = new Map(stemmable.map((text, index) => [text, found[index] ?? undefined]));
    return texts.map((text) => ({ text, stem: stemOf.get(text) }));
  }

  /** The build's tools on sale by name, read once per build. */
  function toolsOf(build: number): Promise<ToolsByName> {
    return byName(build, 'tools', async () => toolsByName(await selectIdsByName(db)));
  }

  /** The posting of `word`, read from the database once per build. */
  function postingOf(build: number, tools: ToolsByName, word: string): Promise<WordPosting> {
    return postings(build, word, async () => {
      const [asRead] = await readWords([word]);
      return wordPosting(tools, await selectWordHolders(db, asRead!));
    });
  }

  /** Reads `words`' postings (the build's tools first) behind the searches, one at a time. */
  function readLater(build: number, words: readonly string[]): void {
    for (const word of words) {
      const key = `${build} ${word}`;
      if (queued.has(key) || postings.peek(build, word)) continue;
      queued.add(key);
      reading = reading
        .then(async () => {
          // A newer build came: this one's words would be read for nothing.
          if (build !== latestBuild) return;
          await postingOf(build, await toolsOf(build), word);
        })
        // A read that fails is read again by a later search; the search itself has its answer.
        .catch(() => undefined)
        .finally(() => queued.delete(key));
    }
  }

  /**
   * Queues the names' COMMON_WORDS_READ most common words of `build` to be read behind the
   * searches, once per build (the first search of a build asks for it).
   */
  function readCommonWords(build: number): void {
    if (build <= commonWordsBuild) return;
    commonWordsBuild = build;
    reading = reading
      .then(async () => {
        if (build !== latestBuild) return;
        const words = await selectCommonNameWords(db, COMMON_WORDS_READ);
        readLater(
          build,
          words.filter((word) => STEMMED_WORD.test(word)),
        );
      })
      // Not read this time: the words are still read behind the searches that hold them.
      .catch(() => undefined);
    // Queued after the words' reads: they are done (or failed) when this runs.
    reading = reading.then(() => {
      commonWordsReadBuild = Math.max(commonWordsReadBuild, build);
    });
  }

  /** The finder of words already read, in memory; undefined when one is not read yet. */
  function memoryFinder(build: number, words: readonly string[]): Finder | undefined {
    const tools = byName.peek(build, 'tools');
    if (!tools || words.some((word) => !postings.peek(build, word))) return undefined;
    return postingsFinder(build, tools);
  }

  /** The finder of the postings of `build` over `tools`, each read when first asked for. */
  function postingsFinder(build: number, tools: ToolsByName): Finder {
    return {
      idsHolding: async (texts, limit) =>
        rankedIntersection(
          tools,
          await Promise.all(texts.map((text) => postingOf(build, tools, text))),
          limit,
        ),
      anyHolds: async (word) => (await postingOf(build, tools, word)).positions.length > 0,
    };
  }

  /** The finder that asks the database each time. */
  const databaseFinder: Finder = {
    idsHolding: async (texts, limit) => selectIdsHoldingWords(db, await readWords(texts), limit),
    anyHolds: async (word) => anyToolHolds(db, (await readWords([word]))[0]!),
  };

  /**
   * The finder of `words`: in memory when they are all read in this build. Else, once the
   * build's common words are read, the words not read yet are read now, each in one statement
   * shared with any search asking meanwhile: they are rarer words, whose postings are small
   * (a misspelt one's empty), and the search and its correction then cost no statement more.
   * Before that, or for an older build, the database ranks the search, and the words are read
   * behind it.
   */
  function finderFor(build: number, words: readonly string[]): Finder {
    const inMemory = memoryFinder(build, words);
    if (inMemory) return inMemory;
    const tools = byName.peek(build, 'tools');
    if (tools && build === latestBuild && commonWordsReadBuild === build) {
      return postingsFinder(build, tools);
    }
    readLater(build, words);
    return databaseFinder;
  }

  /**
   * The ids found for `q` with the catalog of `build` (CatalogBodies.build). `limit` caps the
   * ids, the best kept (all of them without one); `total` counts them all.
   */
  async function find(build: number, q: string, limit?: number): Promise<ToolSearchFound> {
    latestBuild = Math.max(latestBuild, build);
    readCommonWords(latestBuild);
    const words = searchWords(q);
    if (words.length === 0) return { ids: [], total: 0, corrected: [] };
    if (isSkuLike(words)) {
      const bySku = await selectIdsBySkuStart(db, words[0]!, limit);
      if (bySku.total > 0) return { ...bySku, corrected: [] };
    }
    const found = await finderFor(build, words).idsHolding(words, limit);
    if (found.total > 0) return { ...found, corrected: [] };

    const corrections = await Promise.all(
      words.map(async (word) =>
        // One word that found nothing is known to be held by no tool.
        CORRECTABLE_WORD.test(word) &&
        (words.length === 1 || !(await finderFor(build, [word]).anyHolds(word)))
          ? nearestWords(build, word, () => selectNearestCatalogWord(db, word))
          : undefined,
      ),
    );
    const corrected: SearchCorrection[] = words.flatMap((word, index) => {
      const correction = corrections[index];
      return correction ? [{ word, correction }] : [];
    });
    if (corrected.length === 0) return { ...found, corrected };
    const correctedWords = words.map((word, index) => corrections[index] ?? word);
    const again = await finderFor(build, correctedWords).idsHolding(correctedWords, limit);
    return again.total > 0 ? { ...again, corrected } : { ...again, corrected: [] };
  }

  /**
   * Settles once the reads behind the searches asked so far are done, those they queued in turn
   * included (tests wait for it).
   */
  async function readsBehind(): Promise<void> {
    for (let waited: Promise<unknown> | undefined; waited !== reading;) {
      waited = reading;
      await waited;
    }
  }

  return { find, readsBehind };
}

export type ToolSearchService = ReturnType<typeof createToolSearchService>;
