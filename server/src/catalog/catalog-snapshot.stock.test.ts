import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { searchTools, ToolListSchema, ToolSchema, type Tool } from '@tools-factory/contract';
import { prepareJsonBody, type PreparedBody } from '../plugins/preserialized.ts';
import {
  createCatalogSnapshot,
  searchedParts,
  type CatalogBodies,
  type CatalogSnapshot,
  type PrepareBody,
  type StockChange,
  type VersionedTool,
} from './catalog-snapshot.ts';

/**
 * The snapshot's stock patches on their own (docs/decisions/013): its sources are in memory, so
 * each test says exactly what "the database" holds and when a build reads it.
 */

function makeTool(availableQuantity: number): Tool {
  return {
    _id: randomUUID(),
    name: 'Patch Test Saw',
    sku: 'PTS-0001',
    img: '/images/tools/claw-hammer.svg',
    price: 10,
    desc: 'A saw for the snapshot tests.',
    minOrderQuantity: 1,
    availableQuantity,
    priceBreaks: [],
  };
}

/** What the database holds: the tools with their stock versions (a test changes it in place). */
type FakeDatabase = { tools: VersionedTool[]; toolReads: number };

/** What the snapshots logged as errors (a failed patch says so). */
const loggedErrors: string[] = [];
const log = {
  error: (_details: unknown, message?: string) => void loggedErrors.push(message ?? ''),
  warn: () => {},
  info: () => {},
};

const snapshots: CatalogSnapshot[] = [];
afterEach(async () => {
  await Promise.all(snapshots.splice(0).map((snapshot) => snapshot.stop()));
});

function startSnapshot(
  data: FakeDatabase,
  options: { prepareBody?: PrepareBody; toolsRead?: () => Promise<void> } = {},
): Promise<CatalogSnapshot> {
  const snapshot = createCatalogSnapshot({
    database: {
      listen: async () => async () => {},
      notify: async () => {},
    },
    log,
    sources: {
      tools: async () => {
        data.toolReads += 1;
        // A copy as the database answered now: later changes to `data` are not in it.
        const read = data.tools.map(({ tool, stockVersion }) => ({
          tool: { ...tool },
          stockVersion,
        }));
        await options.toolsRead?.();
        return read;
      },
      reviews: async () => [],
      gallery: async () => [],
    },
    ...(options.prepareBody ? { prepareBody: options.prepareBody } : {}),
  });
  snapshots.push(snapshot);
  return snapshot.start().then(() => snapshot);
}

const json = (body: PreparedBody): unknown => JSON.parse(body.identity.toString('utf8'));

/** The search's ids as the contract's in-memory filter finds them (the database is not here). */
const findInMemory = (bodies: CatalogBodies) => (q: string) =>
  Promise.resolve(searchTools(bodies.tools, { q }).map((tool) => tool._id));

/** The stock the snapshot shows for `tool`: in the list, on its own, and in a search. */
async function shownStock(snapshot: CatalogSnapshot, toolId: string): Promise<number[]> {
  const bodies = snapshot.current();
  const inParts = ToolListSchema.parse(json(bodies.parts())).find((tool) => tool._id === toolId);
  const own = bodies.toolBody(toolId);
  const searched = ToolListSchema.parse(
    json(await searchedParts(bodies, { q: 'patch saw', sort: 'available' }, findInMemory(bodies))),
  ).find((tool) => tool._id === toolId);
  return [
    inParts?.availableQuantity ?? -1,
    own ? ToolSchema.parse(json(own)).availableQuantity : -1,
    searched?.availableQuantity ?? -1,
  ];
}

const change = (toolId: string, availableQuantity: number, stockVersion: number): StockChange => ({
  toolId,
  availableQuantity,
  stockVersion,
  onSale: true,
});

describe('catalog snapshot: stock patches', () => {
  it('applies a patch without reading the database, and its version grows', async () => {
    const tool = makeTool(100);
    const data: FakeDatabase = { tools: [{ tool, stockVersion: 0 }], toolReads: 0 };
    const snapshot = await startSnapshot(data);
    expect(await shownStock(snapshot, tool._id)).toEqual([100, 100, 100]);
    const version = snapshot.current().version;

    await snapshot.stockMoved([change(tool._id, 93, 1)]);

    expect(await shownStock(snapshot, tool._id)).toEqual([93, 93, 93]);
    expect(snapshot.current().version).toBe(version + 1);
    expect(data.toolReads).toBe(1);
  });

  it('ignores a patch older than the one it holds (two orders answered out of order)', async () => {
    const tool = makeTool(100);
    const snapshot = await startSnapshot({ tools: [{ tool, stockVersion: 4 }], toolReads: 0 });

    // The second reservation (version 6, 80 left) is patched before the first (version 5, 90).
    await snapshot.stockMoved([change(tool._id, 80, 6)]);
    await snapshot.stockMoved([change(tool._id, 90, 5)]);
    expect(await shownStock(snapshot, tool._id)).toEqual([80, 80, 80]);

    // Nor does one older than what the build read.
    await snapshot.stockMoved([change(tool._id, 100, 4)]);
    expect(await shownStock(snapshot, tool._id)).toEqual([80, 80, 80]);
  });

  it('prepares the bodies once for a burst of patches, not once per order', async () => {
    const tool = makeTool(1000);
    let toolsPrepared = 0;
    const snapshot = await startSnapshot(
      { tools: [{ tool, stockVersion: 0 }], toolReads: 0 },
      {
        prepareBody: (value) => {
          if (ToolSchema.safeParse(value).success) toolsPrepared += 1;
          return prepareJsonBody(value);
        },
      },
    );
    const version = snapshot.current().version;
    toolsPrepared = 0;

    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        snapshot.stockMoved([change(tool._id, 1000 - 2 * (index + 1), index + 1)]),
      ),
    );
    expect(await shownStock(snapshot, tool._id)).toEqual([960, 960, 960]);
    // Every preparation scheduled so far is queued after one more turn of the event loop, and
    // stopping waits for them: one, for the twenty orders.
    await new Promise((resolve) => setImmediate(resolve));
    await snapshot.stop();

    expect(toolsPrepared).toBe(1);
    expect(snapshot.current().version).toBe(version + 1);
  });

  it('a stock move prepares the tools it moved, never the whole catalog (issue 43)', async () => {
    const catalogTools = Array.from({ length: 2000 }, (_, index) => makeTool(500 + index));
    const prepared: unknown[] = [];
    const snapshot = await startSnapshot(
      {
        tools: catalogTools.map((tool) => ({ tool, stockVersion: 0 })),
        toolReads: 0,
      },
      {
        prepareBody: (value) => {
          prepared.push(value);
          return prepareJsonBody(value);
        },
      },
    );
    prepared.length = 0;
    const [first, second] = catalogTools;

    await snapshot.stockMoved([change(first!._id, 400, 1), change(second!._id, 401, 1)]);

    // Two bodies made, each of one tool: no list, no other tool.
    expect(prepared.map((value) => ToolSchema.parse(value)._id)).toEqual([first!._id, second!._id]);
    // The list, made on its first ask, is the catalog as JSON would write it, with the moves.
    const list = snapshot.current().parts().identity.toString('utf8');
    const expected = catalogTools.map((tool, index) =>
      index === 0
        ? { ...tool, availableQuantity: 400 }
        : index === 1
          ? { ...tool, availableQuantity: 401 }
          : tool,
    );
    expect(list).toBe(JSON.stringify(expected));
    expect(snapshot.current().parts()).toBe(snapshot.current().parts());
    expect(prepared).toHaveLength(2);
  });

  it("a build makes no tool's body: each is made on its first ask, then kept (issue 43)", async () => {
    const catalogTools = Array.from({ length: 2000 }, (_, index) => makeTool(500 + index));
    const prepared: unknown[] = [];
    const snapshot = await startSnapshot(
      { tools: catalogTools.map((tool) => ({ tool, stockVersion: 0 })), toolReads: 0 },
      {
        prepareBody: (value) => {
          prepared.push(value);
          return prepareJsonBody(value);
        },
      },
    );

    // The build prepared its reviews and gallery, and not one of the 2,000 tools.
    expect(prepared.filter((value) => ToolSchema.safeParse(value).success)).toEqual([]);
    const [first, second] = catalogTools;
    const body = snapshot.current().toolBody(first!._id);
    expect(body?.identity.toString('utf8')).toBe(JSON.stringify(first));
    expect(snapshot.current().toolBody(first!._id)).toBe(body);
    expect(snapshot.current().toolBody('not-a-tool')).toBeUndefined();

    // A tool read before a move shows the move; one never read shows it too.
    await snapshot.stockMoved([change(first!._id, 300, 1), change(second!._id, 301, 1)]);
    expect(await shownStock(snapshot, first!._id)).toEqual([300, 300, 300]);
    expect(await shownStock(snapshot, second!._id)).toEqual([301, 301, 301]);
    expect(snapshot.current().toolBody(catalogTools[3]!._id)?.identity.toString('utf8')).toBe(
      JSON.stringify(catalogTools[3]),
    );
  });

  it('a stock move makes a new version of the same build; a rebuild makes a new build', async () => {
    const tool = makeTool(100);
    const data: FakeDatabase = { tools: [{ tool, stockVersion: 0 }], toolReads: 0 };
    const snapshot = await startSnapshot(data);
    const first = snapshot.current();

    await snapshot.stockMoved([change(tool._id, 90, 1)]);
    const moved = snapshot.current();
    expect(moved.version).toBeGreaterThan(first.version);
    expect(moved.build).toBe(first.build);

    await snapshot.rebuild();
    expect(snapshot.current().build).toBe(first.build + 1);
  });

  it('keeps a patch newer than the row a build read while the build ran', async () => {
    const tool = makeTool(100);
    const data: FakeDatabase = { tools: [{ tool, stockVersion: 1 }], toolReads: 0 };
    let holdRead: Promise<void> | undefined;
    const snapshot = await startSnapshot(data, { toolsRead: () => holdRead ?? Promise.resolve() });

    // A rebuild reads the tool at version 1 and is held there ...
    let release = () => {};
    holdRead = new Promise<void>((resolve) => (release = resolve));
    const rebuilt = snapshot.rebuild();
    // ... while an order commits version 2 and patches the snapshot.
    await snapshot.stockMoved([change(tool._id, 70, 2)]);
    holdRead = undefined;
    release();
    await rebuilt;

    expect(await shownStock(snapshot, tool._id)).toEqual([70, 70, 70]);
  });

  it('rebuilds when the patch cannot be made: the stock shown is never stale', async () => {
    const tool = makeTool(100);
    const data: FakeDatabase = { tools: [{ tool, stockVersion: 0 }], toolReads: 0 };
    let failNext = false;
    const snapshot = await startSnapshot(data, {
      prepareBody: (value) => {
        if (failNext) {
          failNext = false;
          return Promise.reject(new Error('no memory for this body'));
        }
        return prepareJsonBody(value);
      },
    });

    // The order committed: the database holds the new stock, the patch's preparation fails.
    data.tools = [{ tool: { ...tool, availableQuantity: 60 }, stockVersion: 1 }];
    failNext = true;
    await snapshot.stockMoved([change(tool._id, 60, 1)]);

    expect(await shownStock(snapshot, tool._id)).toEqual([60, 60, 60]);
    expect(data.toolReads).toBe(2);
    expect(loggedErrors).toContain('catalog snapshot: a stock patch failed; rebuilding');
  });

  it('rebuilds for a tool on sale it does not hold yet (added on another instance)', async () => {
    const known = makeTool(100);
    const data: FakeDatabase = { tools: [{ tool: known, stockVersion: 0 }], toolReads: 0 };
    const snapshot = await startSnapshot(data);

    const added = makeTool(40);
    data.tools.push({ tool: { ...added, availableQuantity: 35 }, stockVersion: 1 });
    await snapshot.stockMoved([change(added._id, 35, 1)]);

    expect(await shownStock(snapshot, added._id)).toEqual([35, 35, 35]);
  });
});
