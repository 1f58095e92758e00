import { searchTools, searchWords, type SearchQuery, type Tool } from '@tools-factory/contract';
import {
  joinJsonArrayBodyLazily,
  prepareJsonBodyLazily,
  prepareJsonBodyNow,
  type PreparedBody,
} from '../plugins/preserialized.ts';

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
  /**
   * Counts the builds this instance published, from 1. A stock move keeps it: it changes no
   * name, SKU or description and takes no tool off sale, so what depends on those alone (the
   * ids a search found) is kept across orders, where the version is not.
   */
  build: number;
  /**
   * GET /parts's body: joined from the tools' own bodies on the first ask of this version, once
   * (a stock move makes none: an order never waits for the whole catalog to be serialized).
   */
  parts(): PreparedBody;
  /** The tools of `parts`, in the catalog's order, for searches (GET /parts?q=saw&sort=price). */
  tools: readonly Tool[];
  /** Where each tool is in `tools`, by its id. */
  positions: ReadonlyMap<string, number>;
  /** Searches answered from these bodies, by their words and sort: at most MAX_SEARCHES_KEPT. */
  searches: Map<string, PreparedBody | Promise<PreparedBody>>;
  /**
   * A tool's own body by its id (undefined for one not on sale here): made on its first ask and
   * kept for the build's later versions, so that a catalog of 50,000 tools holds the JSON of
   * the tools someone read, not of every tool (issue 43: 40 MB at that size).
   */
  toolBody(id: string): PreparedBody | undefined;
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

/** Each tool's own body, by the (never changed) Tool object it was made from. */
export type ToolBodies = WeakMap<Tool, PreparedBody>;

/**
 * The bodies of one state of the catalog as the snapshot holds them, but for their version
 * number. `toolsById` holds the tools' bodies made so far; it is shared by the versions a stock
 * move makes from one build (a move puts the moved tools' new bodies in it just before it
 * publishes), so that a move costs what it moved, not the size of the catalog.
 */
export type UnnumberedBodies = Omit<CatalogBodies, 'version'> & {
  toolsById: Map<string, PreparedBody>;
};

/** A state of the catalog: its tools and where each is among them (the same for a build's versions). */
export type CatalogToolsState = {
  tools: readonly Tool[];
  positions: ReadonlyMap<string, number>;
};

/**
 * Makes the bodies of a build, with `reviews` and `gallery` prepared: no tool's own body (each
 * is made on its first ask), and its list, searches and answers on their first ask too.
 */
export function prepareCatalogBodies(
  state: CatalogToolsState & { build: number; reviews: PreparedBody; gallery: PreparedBody },
  made: { toolBodies: ToolBodies },
): UnnumberedBodies {
  return bodiesOf(state, new Map(), made.toolBodies);
}

/**
 * Makes the bodies of a state that differs from `previous` only in the stock of the tools named
 * `moved`: their bodies alone are made, then put in `previous`'s `toolsById` (the caller
 * publishes at once: nothing is awaited between the two).
 */
export function patchCatalogBodies(
  previous: UnnumberedBodies,
  state: CatalogToolsState,
  moved: Iterable<string>,
  made: { prepare: PrepareBody; toolBodies: ToolBodies },
): Promise<() => UnnumberedBodies> {
  // The state as it is now: later patches change `state.tools` in place, not these.
  const tools = state.tools.slice();
  const movedTools: Tool[] = [];
  for (const id of moved) {
    const tool = tools[state.positions.get(id) ?? -1];
    if (tool) movedTools.push(tool);
  }
  return Promise.all(movedTools.map((tool) => toolBodyOf(tool, made))).then((movedBodies) => () => {
    const { toolsById } = previous;
    movedTools.forEach((tool, index) => toolsById.set(tool._id, movedBodies[index]!));
    return bodiesOf({ ...previous, tools, positions: state.positions }, toolsById, made.toolBodies);
  });
}

async function toolBodyOf(
  tool: Tool,
  made: { prepare: PrepareBody; toolBodies: ToolBodies },
): Promise<PreparedBody> {
  let body = made.toolBodies.get(tool);
  if (!body) {
    body = await made.prepare(tool);
    made.toolBodies.set(tool, body);
  }
  return body;
}

/** The tool's body made from this Tool object, at once (kept by the object, which never changes). */
function toolBodyNow(tool: Tool, toolBodies: ToolBodies): PreparedBody {
  let body = toolBodies.get(tool);
  if (!body) {
    body = prepareJsonBodyNow(tool);
    toolBodies.set(tool, body);
  }
  return body;
}

function bodiesOf(
  state: CatalogToolsState & { build: number; reviews: PreparedBody; gallery: PreparedBody },
  toolsById: Map<string, PreparedBody>,
  toolBodies: ToolBodies,
): UnnumberedBodies {
  const { build, tools, positions, reviews, gallery } = state;
  let parts: PreparedBody | undefined;
  return {
    build,
    // From this state's own Tool objects, not `toolsById` (a later move may have changed it).
    parts: () =>
      (parts ??= joinJsonArrayBodyLazily(
        tools.map((tool) => toolBodyNow(tool, toolBodies).identity),
      )),
    tools,
    positions,
    searches: new Map(),
    answers: new Map(),
    toolsById,
    toolBody(id) {
      const made = toolsById.get(id);
      if (made) return made;
      // No move has published a body of it since the build: this version's own tool is the one
      // to show (a move under way puts its newer body here when it publishes, after this).
      const tool = tools[positions.get(id) ?? -1];
      if (!tool) return undefined;
      const body = toolBodyNow(tool, toolBodies);
      toolsById.set(id, body);
      return body;
    },
    reviews,
    gallery,
  };
}

/** How many searches' bodies a build keeps (each a few KB at most: the catalog filtered). */
const MAX_SEARCHES_KEPT = 256;

/**
 * Finds the tools of a search: their ids, the best first (the tools module's search, in the
 * database). The snapshot's own bodies are what is answered.
 */
export type FindToolIds = (q: string) => Promise<readonly string[]>;

/**
 * The answer to a search of the catalog: `parts` itself without one (at once: GET /parts's hot
 * path waits for nothing), else the tools `find` names, best first, or sorted by `sort` (ties in
 * the catalog's order), serialized on the first ask and kept with the build (the oldest dropped
 * past MAX_SEARCHES_KEPT), so that popular searches cost what GET /parts costs.
 */
export function searchedParts(
  bodies: CatalogBodies,
  query: SearchQuery,
  find: FindToolIds,
): PreparedBody | Promise<PreparedBody> {
  const words = searchWords(query.q);
  if (words.length === 0 && !query.sort) return bodies.parts();
  const key = `${query.sort ?? ''} ${words.join(' ')}`;
  const kept = bodies.searches.get(key);
  if (kept) return kept;
  const found = words.length
    ? find(words.join(' ')).then((ids) => toolsWithIds(bodies, ids, query.sort !== undefined))
    : Promise.resolve(bodies.tools);
  const body = found.then((tools) =>
    prepareJsonBodyLazily(query.sort ? searchTools(tools, { sort: query.sort }) : tools),
  );
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

/**
 * The snapshot's tools with these ids (one the snapshot does not hold, newer than it, is left
 * out): in the order of `ids`, or in the catalog's order with `catalogOrder`.
 */
export function toolsWithIds(
  bodies: CatalogBodies,
  ids: readonly string[],
  catalogOrder = false,
): Tool[] {
  const positions: number[] = [];
  for (const id of ids) {
    const position = bodies.positions.get(id);
    if (position !== undefined) positions.push(position);
  }
  if (catalogOrder) positions.sort((a, b) => a - b);
  return positions.map((position) => bodies.tools[position]!);
}
