import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { GalleryItem, Review, Tool } from '@tools-factory/contract';
import type { DatabaseHandle } from '../db/client.ts';
import { prepareJsonBodyLazily } from '../plugins/preserialized.ts';
import {
  patchCatalogBodies,
  prepareCatalogBodies,
  type CatalogBodies,
  type PrepareBody,
  type ToolBodies,
  type UnnumberedBodies,
} from './catalog-bodies.ts';
import {
  applyStockChanges,
  mergeNewerStock,
  type StockChange,
  type StockState,
  type VersionedTool,
} from './catalog-stock.ts';

export {
  keepAnswer,
  searchedParts,
  toolsWithIds,
  type CatalogBodies,
  type KeptAnswer,
  type PrepareBody,
} from './catalog-bodies.ts';
export type { StockChange, VersionedTool } from './catalog-stock.ts';

/** The NOTIFY channel on which an instance tells the others that the catalog changed. */
export const CATALOG_CHANGED_CHANNEL = 'catalog_changed';

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
  /**
   * For committed stock moves (orders placed and removed, expired orders): patches this
   * instance's snapshot with the stock the UPDATEs returned, without a query (docs/decisions/013),
   * and tells the other instances through NOTIFY (they rebuild). Resolves once the bodies served
   * show these changes or later ones. Never rejects: when the patch cannot be made, this
   * instance rebuilds instead.
   */
  stockMoved(changes: readonly StockChange[]): Promise<void>;
};

/** What the catalog's read routes are given: the bodies to answer with; throws before start(). */
export type CatalogReader = { current(): CatalogBodies };

/**
 * Where the snapshot reads the catalog: the modules' own services, wired in app.ts, so that this
 * file knows their answers (contract types) and not the modules.
 */
export type CatalogSources = {
  /** The tools on sale, in the catalog's order, each with its stock version. */
  tools(): Promise<VersionedTool[]>;
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

/** What a build read: the tools with their stock versions, the reviews and the gallery. */
type LoadedCatalog = { tools: VersionedTool[]; reviews: Review[]; gallery: GalleryItem[] };

async function loadCatalog(sources: CatalogSources): Promise<LoadedCatalog> {
  const tools = await sources.tools();
  const reviews = await sources.reviews();
  const gallery = await sources.gallery();
  return { tools, reviews, gallery };
}

/**
 * The in-memory catalog snapshot. Builds are coalesced: while one runs, any number of
 * invalidations wait for a single next build, which starts after the running one ends (so it
 * sees every write committed before the invalidations). Stock moves patch it without a query
 * (docs/decisions/013): each change applies only over an older stock version of its tool, and
 * the bodies are prepared again once per turn for all the patches that came meanwhile, the
 * previous bodies served until then. Builds and patches prepare their bodies one at a time, in
 * the order they took their state, so a later state is never replaced by an earlier one.
 */
export function createCatalogSnapshot(options: {
  /** Carries the LISTEN/NOTIFY between instances. */
  database: Pick<DatabaseHandle, 'listen' | 'notify'>;
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
  sources: CatalogSources;
  /** How bodies are made: prepareJsonBodyLazily, unless a test makes it fail. */
  prepareBody?: PrepareBody;
}): CatalogSnapshot {
  const { database, log, sources, prepareBody: prepare = prepareJsonBodyLazily } = options;
  const instanceId = randomUUID();
  let bodies: (UnnumberedBodies & { version: number }) | undefined;
  /** The tools as this instance knows them now: the last build's, with the patches since. */
  let state: StockState | undefined;
  /** Grows with every change to `state` (a build taken in, a patch applied). */
  let stateSeq = 0;
  /** The `stateSeq` the served bodies were prepared from. */
  let publishedSeq = 0;
  let publications = 0;
  /** Counts the builds taken in (CatalogBodies.build). */
  let builds = 0;
  /** Each tool's own body, by the (never changed) Tool object it was made from. */
  const toolBodies: ToolBodies = new WeakMap<Tool, never>();
  /** The tools whose stock a patch changed since the last preparation took the state. */
  let moved = new Set<string>();
  /** Preparations of bodies, one at a time (see publishInTurn). */
  let preparing: Promise<void> = Promise.resolve();
  let patchScheduled = false;
  /** stockMoved calls waiting for the bodies to show their state. */
  let waiters: Array<{ seq: number; resolve: () => void }> = [];
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  let stopped = false;
  let unlisten: (() => Promise<void>) | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let failures = 0;
  let notifying: Promise<void> | undefined;
  let notifyAgain = false;

  /** Resolves the stockMoved calls whose state is shown by bodies prepared from `seq`. */
  function settleWaiters(seq: number): void {
    if (waiters.length === 0) return;
    const still: typeof waiters = [];
    for (const waiter of waiters) {
      if (waiter.seq <= seq) waiter.resolve();
      else still.push(waiter);
    }
    waiters = still;
  }

  /**
   * Prepares bodies from the state as it is when this turn comes (`take` runs synchronously, so
   * every change before it is in, and starts the preparation) and serves them. Turns run one
   * after the other: bodies from a later state are never replaced by bodies from an earlier one.
   */
  function publishInTurn(take: () => Promise<() => UnnumberedBodies> | undefined): Promise<void> {
    const turn = preparing.then(async () => {
      const preparation = take();
      // Nothing new since the bodies served (a build took the patches in already).
      if (!preparation) return;
      const seq = stateSeq;
      const made = await preparation;
      publications += 1;
      bodies = { version: publications, ...made() };
      publishedSeq = seq;
      settleWaiters(seq);
    });
    preparing = turn.catch(() => {});
    return turn;
  }

  /** Reads the catalog (patches keep being served meanwhile), then publishes it in turn. */
  async function buildAndPublish(): Promise<void> {
    const loaded = await loadCatalog(sources);
    const [reviews, gallery] = await Promise.all([
      prepare(loaded.reviews),
      prepare(loaded.gallery),
    ]);
    await publishInTurn(() => {
      // A stock patch applied while the queries ran may be newer than the row they read.
      state = mergeNewerStock(loaded.tools, state);
      stateSeq += 1;
      moved = new Set();
      builds += 1;
      const taken = {
        build: builds,
        tools: state.tools.slice(),
        positions: state.positions,
        reviews,
        gallery,
      };
      const made = prepareCatalogBodies(taken, { toolBodies });
      return Promise.resolve(() => made);
    });
  }

  /** One preparation for every patch applied until its turn comes: of the moved tools only. */
  function schedulePatchedBodies(): void {
    if (patchScheduled) return;
    patchScheduled = true;
    // The next turn of the event loop: the orders committing in this one share it.
    setImmediate(() => {
      publishInTurn(() => {
        patchScheduled = false;
        if (!state || !bodies) throw new Error('The catalog snapshot is patched before start()');
        if (publishedSeq >= stateSeq) return undefined;
        const { version: _served, ...served } = bodies;
        const movedNow = moved;
        moved = new Set();
        return patchCatalogBodies(served, state, movedNow, { prepare, toolBodies });
      }).catch((error: unknown) => {
        if (stopped) return;
        // Never a stale stock: the database has it, a rebuild reads it.
        log.error({ err: error }, 'catalog snapshot: a stock patch failed; rebuilding');
        void rebuild();
      });
    });
  }

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
      await buildAndPublish();
      failures = 0;
    } catch (error) {
      // Those waiting get the previous bodies, as invalidate() does; the retry catches up.
      settleWaiters(Number.POSITIVE_INFINITY);
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

  /**
   * NOTIFY for stock moves, coalesced: at most one on its way and one more after it (sent after
   * every commit that asked while the first was on its way), not one query per order.
   */
  function notifyOthersSoon(): void {
    if (notifying) {
      notifyAgain = true;
      return;
    }
    notifying = notifyOthers().finally(() => {
      notifying = undefined;
      if (notifyAgain && !stopped) {
        notifyAgain = false;
        notifyOthersSoon();
      }
    });
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
    async stockMoved(changes) {
      if (stopped) return;
      notifyOthersSoon();
      // Before the first build has its state, only a build can show the change.
      if (!state) return rebuild();
      const outcome = applyStockChanges(state, changes);
      if (outcome.behind) return rebuild();
      if (outcome.changed.length > 0) {
        for (const id of outcome.changed) moved.add(id);
        stateSeq += 1;
        schedulePatchedBodies();
      }
      // Also when this change was ignored as older: the newer one may not be served yet.
      if (publishedSeq >= stateSeq) return;
      const seq = stateSeq;
      return new Promise<void>((resolve) => waiters.push({ seq, resolve }));
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
        await buildAndPublish();
      } catch (error) {
        await unlisten().catch(() => {});
        throw error;
      }
    },
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      settleWaiters(Number.POSITIVE_INFINITY);
      await Promise.allSettled([running, queued, preparing, notifying]);
      try {
        await unlisten?.();
      } catch (error) {
        log.warn({ err: error }, 'catalog snapshot: could not stop listening');
      }
    },
  };
}
