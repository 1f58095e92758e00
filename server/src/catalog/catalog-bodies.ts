import { searchTools, searchWords, type SearchQuery, type Tool } from '@tools-factory/contract';
import { prepareJsonBodyLazily, type PreparedBody } from '../plugins/preserialized.ts';

// The catalog's answers as the snapshot serves them: the bodies made once per change, the
// searches answered from them and the whole answers kept with them. When they are made again is
// catalog-snapshot.ts's business (rebuilds, stock patches, the other instances).

/** Every public catalog answer, serialized once (docs/decisions/008-catalog-snapshot-is-infrastructure.md). */
export type CatalogBodies = {
  /**
   * Counts the bodies this instance published, from 1: it grows with every change they show (a
   * build, or a batch of stock patches), so whatever is kept per version (rendered pages) is
   * made again when the bodies change.
   */
  version: number;
  parts: PreparedBody;
  /** The tools of `parts`, for searches (GET /parts?q=saw&sort=price). */
  tools: readonly Tool[];
  /** Searches answered from these bodies, by their words and sort: at most MAX_SEARCHES_KEPT. */
  searches: Map<string, PreparedBody | Promise<PreparedBody>>;
  toolsById: ReadonlyMap<string, PreparedBody>;
  reviews: PreparedBody;
  gallery: PreparedBody;
  /**
   * Whole answers of the catalog's reads (headers and bytes, as their route sent them), by
   * answerKey: replayed to the same request before any routing (plugins/catalog-answers.ts).
   * At most MAX_ANSWERS_KEPT, dropped with these bodies.
   */
  answers: Map<string, KeptAnswer>;
};

/** A read's answer as its route sent it: 200, these headers, these bytes. */
export type KeptAnswer = { headers: Readonly<Record<string, string>>; body: Buffer };

/** How many answers a version keeps (the tools' and the popular searches', each encoding). */
const MAX_ANSWERS_KEPT = 1024;

/** Keeps an answer with `bodies`, the oldest dropped past MAX_ANSWERS_KEPT. */
export function keepAnswer(bodies: CatalogBodies, key: string, answer: KeptAnswer): void {
  if (bodies.answers.size >= MAX_ANSWERS_KEPT && !bodies.answers.has(key)) {
    const oldest = bodies.answers.keys().next();
    if (!oldest.done) bodies.answers.delete(oldest.value);
  }
  bodies.answers.set(key, answer);
}

/** Serializes a value once (the snapshot's one way to make a body; tests may replace it). */
export type PrepareBody = (value: unknown) => Promise<PreparedBody>;

/**
 * Makes the bodies of one state of the catalog: each tool's (kept in `toolBodies` by its Tool
 * object, which a state never changes: a tool the state did not touch keeps its body) and the
 * list's; `reviews` and `gallery` come prepared. Its searches and answers start empty.
 */
export async function prepareCatalogBodies(
  state: { tools: readonly Tool[]; reviews: PreparedBody; gallery: PreparedBody },
  made: { prepare: PrepareBody; toolBodies: WeakMap<Tool, PreparedBody> },
): Promise<Omit<CatalogBodies, 'version'>> {
  const { tools, reviews, gallery } = state;
  const { prepare, toolBodies } = made;
  const toolEntries = await Promise.all(
    tools.map(async (tool) => {
      let body = toolBodies.get(tool);
      if (!body) {
        body = await prepare(tool);
        toolBodies.set(tool, body);
      }
      return [tool._id, body] as const;
    }),
  );
  const parts = await prepare(tools);
  return {
    parts,
    tools,
    searches: new Map(),
    answers: new Map(),
    toolsById: new Map(toolEntries),
    reviews,
    gallery,
  };
}

/** How many searches' bodies a build keeps (each a few KB at most: the catalog filtered). */
const MAX_SEARCHES_KEPT = 256;

/**
 * The answer to a search of the catalog: `parts` itself without one (at once: GET /parts's hot
 * path waits for nothing), else the filtered, sorted tools, serialized on the first ask and kept
 * with the build (the oldest dropped past MAX_SEARCHES_KEPT), so that popular searches cost what
 * GET /parts costs.
 */
export function searchedParts(
  bodies: CatalogBodies,
  query: SearchQuery,
): PreparedBody | Promise<PreparedBody> {
  const words = searchWords(query.q);
  if (words.length === 0 && !query.sort) return bodies.parts;
  const key = `${query.sort ?? ''} ${words.join(' ')}`;
  const kept = bodies.searches.get(key);
  if (kept) return kept;
  const body = prepareJsonBodyLazily(searchTools(bodies.tools, query));
  if (bodies.searches.size >= MAX_SEARCHES_KEPT) {
    const oldest = bodies.searches.keys().next();
    if (!oldest.done) bodies.searches.delete(oldest.value);
  }
  // The promise answers the asks that come while it compresses; once it is ready, the body
  // itself replaces it, so later asks of this search wait for nothing (as GET /parts).
  bodies.searches.set(key, body);
  void body.then(
    (ready) => {
      if (bodies.searches.get(key) === body) bodies.searches.set(key, ready);
    },
    () => bodies.searches.delete(key),
  );
  return body;
}
