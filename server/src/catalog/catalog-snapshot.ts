import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  searchTools,
  searchWords,
  type GalleryItem,
  type Review,
  type SearchQuery,
  type Tool,
} from '@tools-factory/contract';
import type { DatabaseHandle } from '../db/client.ts';
import { prepareJsonBody, type PreparedBody } from '../plugins/preserialized.ts';

/** The NOTIFY channel on which an instance tells the others that the catalog changed. */
export const CATALOG_CHANGED_CHANNEL = 'catalog_changed';

/** Every public catalog answer, serialized once (DESIGN.md section 2). */
export type CatalogBodies = {
  /** Counts the builds of this instance, from 1. */
  version: number;
  parts: PreparedBody;
  /** The tools of `parts`, for searches (GET /parts?q=saw&sort=price). */
  tools: readonly Tool[];
  /** Searches answered from this build, by their words and sort: at most MAX_SEARCHES_KEPT. */
  searches: Map<string, PreparedBody | Promise<PreparedBody>>;
  toolsById: ReadonlyMap<string, PreparedBody>;
  reviews: PreparedBody;
  gallery: PreparedBody;
};

/**
 * What a module that changes the catalog is given: call it after the write has committed. The
 * modules import this type, never the snapshot; the snapshot imports no module.
 */
export type CatalogChanged = {
  /**
   * Rebuilds this instance's snapshot (resolves once a build that started after the call is
   * done) and tells the other instances through NOTIFY. Never rejects: a failed build is logged
   * and retried, and the previous snapshot keeps being served meanwhile.
   */
  invalidate(): Promise<void>;
};

/** What the catalog's read routes are given: the bodies to answer with; throws before start(). */
export type CatalogReader = { current(): CatalogBodies };

/**
 * Where the snapshot reads the catalog: the modules' own services, wired in app.ts, so that this
 * file knows their answers (contract types) and not the modules.
 */
export type CatalogSources = {
  tools(): Promise<Tool[]>;
  reviews(): Promise<Review[]>;
  gallery(): Promise<GalleryItem[]>;
};

export type CatalogSnapshot = CatalogChanged &
  CatalogReader & {
    /** Rebuilds this instance's snapshot only (what a notification from another instance does). */
    rebuild(): Promise<void>;
    /** Listens for changes and builds the first snapshot; rejects when the database fails. */
    start(): Promise<void>;
    /** Stops listening and retrying; waits for a build under way. */
    stop(): Promise<void>;
  };

const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;

async function loadCatalogBodies(sources: CatalogSources, version: number): Promise<CatalogBodies> {
  const tools = await sources.tools();
  const reviews = await sources.reviews();
  const gallery = await sources.gallery();
  const toolEntries = await Promise.all(
    tools.map(async (tool) => [tool._id, await prepareJsonBody(tool)] as const),
  );
  const [parts, reviewsBody, galleryBody] = await Promise.all([
    prepareJsonBody(tools),
    prepareJsonBody(reviews),
    prepareJsonBody(gallery),
  ]);
  return {
    version,
    parts,
    tools,
    searches: new Map(),
    toolsById: new Map(toolEntries),
    reviews: reviewsBody,
    gallery: galleryBody,
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
  const body = prepareJsonBody(searchTools(bodies.tools, query));
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
 * The in-memory catalog snapshot. Builds are coalesced: while one runs, any number of
 * invalidations wait for a single next build, which starts after the running one ends (so it
 * sees every write committed before the invalidations).
 */
export function createCatalogSnapshot(options: {
  /** Carries the LISTEN/NOTIFY between instances. */
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  sources: CatalogSources;
}): CatalogSnapshot {
  const { database, log, sources } = options;
  const instanceId = randomUUID();
  let bodies: CatalogBodies | undefined;
  let builds = 0;
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  let stopped = false;
  let unlisten: (() => Promise<void>) | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let failures = 0;

  function scheduleRetry(): void {
    if (stopped || retryTimer) return;
    const delay = Math.min(RETRY_FIRST_MS * 2 ** failures, RETRY_MAX_MS);
    failures += 1;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void rebuild();
    }, delay);
    retryTimer.unref();
  }

  async function buildOnce(): Promise<void> {
    if (stopped) return;
    try {
      bodies = await loadCatalogBodies(sources, builds + 1);
      builds += 1;
      failures = 0;
    } catch (error) {
      if (stopped) return;
      log.error({ err: error }, 'catalog snapshot: rebuild failed; serving the previous one');
      scheduleRetry();
    }
  }

  function runBuild(): Promise<void> {
    const build: Promise<void> = buildOnce().finally(() => {
      if (running === build) running = undefined;
    });
    running = build;
    return build;
  }

  function rebuild(): Promise<void> {
    if (queued) return queued;
    if (running) {
      queued = running.then(() => {
        queued = undefined;
        return runBuild();
      });
      return queued;
    }
    return runBuild();
  }

  async function notifyOthers(): Promise<void> {
    try {
      await database.notify(CATALOG_CHANGED_CHANNEL, instanceId);
    } catch (error) {
      if (!stopped) log.error({ err: error }, 'catalog snapshot: NOTIFY failed');
    }
  }

  return {
    current() {
      if (!bodies) throw new Error('The catalog snapshot is used before start()');
      return bodies;
    },
    rebuild,
    async invalidate() {
      await Promise.all([rebuild(), notifyOthers()]);
    },
    async start() {
      // Listen first, so a change committed while the first build runs is not missed.
      unlisten = await database.listen(
        CATALOG_CHANGED_CHANNEL,
        (sender) => {
          if (!stopped && sender !== instanceId) void rebuild();
        },
        () => {
          // Other instances' changes while the connection was down were not heard: catch up.
          if (stopped) return;
          log.info('catalog snapshot: listening again after a lost connection; rebuilding');
          void rebuild();
        },
      );
      try {
        bodies = await loadCatalogBodies(sources, builds + 1);
        builds += 1;
      } catch (error) {
        await unlisten().catch(() => {});
        throw error;
      }
    },
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      await Promise.allSettled([running, queued]);
      try {
        await unlisten?.();
      } catch (error) {
        log.warn({ err: error }, 'catalog snapshot: could not stop listening');
      }
    },
  };
}
