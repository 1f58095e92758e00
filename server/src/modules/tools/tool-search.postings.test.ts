import { eq, type SQL } from 'drizzle-orm';
import { PgDialect, type SelectedFields } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { describe, expect, it as plainIt } from 'vitest';
import type { Database } from '../../db/client.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { createTestTool } from '../../testing/factories.ts';
import { tools } from './tools.table.ts';
import { createToolSearchService } from './tool-search.service.ts';
import { rankedIntersection, toolsByName, wordPosting } from './search-postings.ts';

// The search's postings (issue 43 item 2): each word found in the database once per catalog
// build, a search of known words an intersection in memory, ranked as the database ranked.

const it = appTest({ seed: true });

describe('the search service: a word from the database once per catalog build', () => {
  it("asks the database until a search's words are read, then answers from what it kept, until the next build", async ({
    app,
  }) => {
    const search = createToolSearchService({ db: app.database.db });
    const hammer = await createTestTool(app, {
      name: 'Tinning Hammer',
      sku: 'HM-PLAN-8',
      description: 'Light, for sheet metal.',
    });
    await createTestTool(app, {
      name: 'Tinning Snips',
      sku: 'SN-TIN-10',
      description: 'Straight cuts in sheet metal.',
    });
    expect((await search.find(1, 'tinning hammer')).ids).toEqual([hammer.id]);
    await search.readsBehind();

    // Renamed behind the catalog's back (psql): the database no longer holds 'tinning' for it.
    await app.database.db
      .update(tools)
      .set({ name: 'Planishing Hammer' })
      .where(eq(tools.id, hammer.id));

    // Another search of the same words, in the same build: from the postings kept, unread.
    const kept = await search.find(1, 'hammer tinning');
    expect(kept.ids).toEqual([hammer.id]);
    // A word not read in this build is asked of the database: it sees the new name.
    expect((await search.find(1, 'planishing')).ids).toEqual([hammer.id]);

    // The next build reads every word again.
    expect((await search.find(2, 'hammer tinning')).total).toBe(0);
    await search.readsBehind();
    expect((await search.find(2, 'hammer tinning')).total).toBe(0);
    expect((await search.find(2, 'tinning')).total).toBe(1);
    // An older build's ask is answered from the database, and nothing is read for it.
    expect((await search.find(1, 'tinning hammer')).total).toBe(0);
  });

  it("reads the names' common words behind a build's first search, before anyone searches them", async ({
    app,
  }) => {
    const search = createToolSearchService({ db: app.database.db });
    const hammer = await createTestTool(app, { name: 'Riveting Hammer', sku: 'RV-HAM-1' });
    const dolly = await createTestTool(app, { name: 'Riveting Dolly', sku: 'RV-DOL-2' });
    const stake = await createTestTool(app, { name: 'Creasing Stake', sku: 'CR-STK-3' });
    // The build's first search: a word of one name.
    expect((await search.find(1, 'stake')).ids).toEqual([stake.id]);
    await search.readsBehind();

    // Renamed behind the catalog's back (psql): the database no longer holds 'riveting' or
    // 'creasing'.
    for (const [id, name] of [
      [hammer.id, 'Peening Hammer'],
      [dolly.id, 'Peening Dolly'],
      [stake.id, 'Bench Stake'],
    ] as const) {
      await app.database.db.update(tools).set({ name }).where(eq(tools.id, id));
    }
    // 'riveting', held by two names, was read behind the first search: answered from memory.
    expect((await search.find(1, 'riveting')).ids.sort()).toEqual([hammer.id, dolly.id].sort());
    // 'creasing', held by one name only, was not: asked of the database, which has the new name.
    expect((await search.find(1, 'creasing')).ids).not.toContain(stake.id);
    expect((await search.find(1, 'peening')).total).toBe(2);
  });

  it('finds and ranks the same tools, in the same order, from the database and from memory', async ({
    app,
  }) => {
    await createTestTool(app, {
      name: 'Steel Claw Hammer',
      sku: 'HAMMER',
      description: 'A steel hammer with a steel handle.',
    });
    await createTestTool(app, {
      name: 'Handle Wedge',
      sku: 'HW-1',
      description: 'Steel wedges for a hammer handle.',
    });
    await createTestTool(app, { name: 'Saw Set', sku: 'SS-2', description: 'Sets saw teeth.' });
    const searches = ['hammer', 'steel handle', 'handle steel', 'saw', 'claw hammer', 'hamer'];
    const search = createToolSearchService({ db: app.database.db });
    const fromDatabase = [];
    for (const q of searches) fromDatabase.push(await search.find(1, q));
    await search.readsBehind();
    const fromMemory = [];
    for (const q of searches) fromMemory.push(await search.find(1, q));
    expect(fromMemory).toEqual(fromDatabase);
    // The searches found something worth comparing: the SKU 'hammer' first, a correction.
    expect(fromDatabase[0]!.total).toBeGreaterThan(2);
    expect(fromDatabase[5]!.corrected).toEqual([{ word: 'hamer', correction: 'hammer' }]);
  });
});

/** The tools of a build, by name: their ids are their names' order here. */
const built = toolsByName(['a-adze', 'b-claw', 'c-crowbar', 'd-hammer', 'e-mallet']);

/** The posting of holders given as [id, rank], the word the whole SKU of `sku`. */
function posting(holders: Array<[string, number]>, sku?: string) {
  return wordPosting(
    built,
    holders.map(([id, rank]) => ({ id, rank, isSku: id === sku })),
  );
}

describe('the search service: stems', () => {
  it("asks for a word's stem once, whatever the build, and never for a kept one", async ({
    app,
  }) => {
    const dialect = new PgDialect();
    const stemsAsked: string[][] = [];
    // The service's database, with every raw statement that asks for stems noted.
    const db = new Proxy(app.database.db, {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver) as unknown;
        return (query: SQL) => {
          const { sql, params } = dialect.sqlToQuery(query);
          if (sql.includes('ts_lexize')) stemsAsked.push(params.map(String));
          return target.execute(query);
        };
      },
    }) satisfies Database;
    const search = createToolSearchService({ db });
    const rasp = await createTestTool(app, { name: 'Cabinet Rasps', sku: 'RS-CAB-8' });

    // A misspelt word: its search, the check that no tool holds it and its correction's
    // search all need its stem; it is asked for once, with the other word's.
    const found = await search.find(1, 'rasps cabnet');
    expect(found.corrected).toEqual([{ word: 'cabnet', correction: 'cabinet' }]);
    expect(found.ids).toEqual([rasp.id]);
    const misspelt = stemsAsked.filter((words) => words.includes('cabnet'));
    expect(misspelt).toHaveLength(1);
    expect(stemsAsked.filter((words) => words.includes('rasps'))).toHaveLength(1);

    // Kept across builds (a stem is the stemmer's, not the catalog's): a new word alone is asked.
    await search.readsBehind();
    stemsAsked.length = 0;
    expect((await search.find(2, 'rasps cabinet the')).ids).toEqual([rasp.id]);
    await search.readsBehind();
    expect(stemsAsked.flat().sort()).toEqual(['the']);
  });
});

describe('the search service: once the common words are read, a new word is read at once', () => {
  it('reads a new word and a misspelt one as postings, not by ranking the search in the database', async ({
    app,
  }) => {
    const asked: string[] = [];
    // The service's database, with what each statement built with select() reads noted.
    const db = new Proxy(app.database.db, {
      get(target, property, receiver) {
        if (property !== 'select') return Reflect.get(target, property, receiver) as unknown;
        return (fields: SelectedFields) => {
          asked.push(Object.keys(fields).sort().join(','));
          return target.select(fields);
        };
      },
    }) satisfies Database;
    const ranked = 'id,total';
    const holders = 'id,isSku,rank';
    const search = createToolSearchService({ db });
    const anvil = await createTestTool(app, { name: 'Swaging Anvil', sku: 'SW-ANV-5' });

    // Before the build's common words are read, a new word's search is ranked by the database.
    expect((await search.find(1, 'anvil')).ids).toContain(anvil.id);
    expect(asked).toContain(ranked);
    await search.readsBehind();

    asked.length = 0;
    expect((await search.find(1, 'swaging')).ids).toEqual([anvil.id]);
    expect(asked).toEqual([holders]);

    // Misspelt: its posting is empty, the correction is asked for, the corrected word read.
    asked.length = 0;
    const found = await search.find(1, 'swagng anvil');
    expect(found.corrected).toEqual([{ word: 'swagng', correction: 'swaging' }]);
    expect(found.ids).toEqual([anvil.id]);
    expect(asked).not.toContain(ranked);
    expect(asked).not.toContain('count');
    // Read once, the correction kept: the same words again ask nothing.
    asked.length = 0;
    expect((await search.find(1, 'swagng anvil')).ids).toEqual([anvil.id]);
    expect(asked).toEqual([]);
  });
});

describe("wordPosting: a word's holders in the order of the names", () => {
  plainIt('keeps each holder on sale at its position, with its rank, ascending', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 300 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 400 }), { maxLength: 300 }),
        fc.integer({ min: -1, max: 300 }),
        (toolCount, held, skuAt) => {
          const ids = Array.from({ length: toolCount }, (_, index) => `tool-${index}`);
          const tools = toolsByName(ids);
          // Some holders are past the build's tools: on sale since it was read.
          const holders = held.map((number) => ({
            id: `tool-${number}`,
            rank: number / 7,
            isSku: number === skuAt,
          }));
          const made = wordPosting(tools, holders);
          const expected = held.filter((number) => number < toolCount).sort((a, b) => a - b);
          expect([...made.positions]).toEqual(expected);
          expect([...made.ranks]).toEqual(expected.map((number) => Math.fround(number / 7)));
          expect(made.wholeSku).toBe(expected.includes(skuAt) ? skuAt : -1);
        },
      ),
    );
  });
});

describe('rankedIntersection: the tools in every posting, best first', () => {
  plainIt('keeps only the tools of every word, by the sum of their ranks, then by name', () => {
    const claw = posting([
      ['d-hammer', 0.6],
      ['a-adze', 0.1],
      ['c-crowbar', 0.2],
      ['b-claw', 0.6],
    ]);
    const hammer = posting([
      ['b-claw', 0.6],
      ['e-mallet', 0.2],
      ['d-hammer', 0.6],
      ['c-crowbar', 0.1],
    ]);
    expect(rankedIntersection(built, [claw, hammer], undefined)).toEqual({
      ids: ['b-claw', 'd-hammer', 'c-crowbar'],
      total: 3,
    });
    // The limit keeps the best; the total counts them all.
    expect(rankedIntersection(built, [hammer, claw], 2)).toEqual({
      ids: ['b-claw', 'd-hammer'],
      total: 3,
    });
    expect(rankedIntersection(built, [claw, posting([])], undefined)).toEqual({
      ids: [],
      total: 0,
    });
    // A word given twice finds each tool once.
    expect(rankedIntersection(built, [claw, claw], undefined).total).toBe(4);
  });

  plainIt('puts the tool whose whole SKU is the one word first, whatever its rank', () => {
    const word = posting(
      [
        ['a-adze', 0.9],
        ['e-mallet', 0],
      ],
      'e-mallet',
    );
    expect(rankedIntersection(built, [word], undefined).ids).toEqual(['e-mallet', 'a-adze']);
    // Two words are never a whole SKU (a SKU holds no space).
    expect(rankedIntersection(built, [word, word], undefined).ids).toEqual(['a-adze', 'e-mallet']);
  });

  plainIt('leaves out a holder that came on sale after the build read its tools', () => {
    const word = posting([
      ['b-claw', 0.5],
      ['z-new', 0.9],
    ]);
    expect(rankedIntersection(built, [word], undefined)).toEqual({ ids: ['b-claw'], total: 1 });
  });
});
