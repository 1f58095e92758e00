import { describe, expect, it } from 'vitest';
import { createLatestAnswers } from './latest-answers.ts';

/**
 * A database whose committed state the test moves (a write), and computations the test finishes
 * (or fails) when it chooses, each reporting the state it started in; counts how many started.
 */
function database() {
  let commits = 0;
  const started: { resolve: (value: string) => void; reject: (error: Error) => void }[] = [];
  const versionsAsked: string[] = [];
  return {
    started,
    versionsAsked,
    write: () => {
      commits += 1;
    },
    version: () => {
      versionsAsked.push(`state ${commits}`);
      return Promise.resolve(`state ${commits}`);
    },
    compute: () => {
      const version = `state ${commits}`;
      return new Promise<{ value: string; version: string }>((resolve, reject) => {
        started.push({ resolve: (value) => resolve({ value, version }), reject });
      });
    },
  };
}

function clock(start = Date.parse('2026-12-06T10:00:00Z')) {
  let time = start;
  return {
    now: () => new Date(time),
    pass: (ms: number) => {
      time += ms;
    },
  };
}

/** Lets the asks' awaited reads of the committed state answer. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

function latestAnswers(db: ReturnType<typeof database>, time = clock(), maxKeys = 5) {
  return createLatestAnswers<string>({
    maxKeys,
    maxAgeMs: 60_000,
    now: time.now,
    version: db.version,
  });
}

describe('createLatestAnswers: one computation at a time per key', () => {
  it('makes asks that arrive together share one computation, when there is no answer yet', async () => {
    const time = clock();
    const db = database();
    const answers = latestAnswers(db, time);
    const asks = [answers.get('year', db.compute), answers.get('year', db.compute)];
    expect(db.started).toHaveLength(1);
    db.started[0]!.resolve('figures 1');
    const values = await Promise.all(asks);
    expect(values.map((answer) => answer.value)).toEqual(['figures 1', 'figures 1']);
    expect(values[0]!.asOf).toEqual(time.now());
  });

  it('computes again for an ask after the last one finished once a write committed: the refund shows', async () => {
    const time = clock();
    const db = database();
    const answers = latestAnswers(db, time);
    const first = answers.get('year', db.compute);
    db.started[0]!.resolve('before the refund');
    await first;
    db.write();
    time.pass(1_000);
    const second = answers.get('year', db.compute);
    await settle();
    expect(db.started).toHaveLength(2);
    db.started[1]!.resolve('after the refund');
    expect(await second).toEqual({ value: 'after the refund', asOf: time.now() });
  });

  it('gives the last answer again, as of now, when nothing was committed since it was read', async () => {
    const time = clock();
    const db = database();
    const answers = latestAnswers(db, time);
    const first = answers.get('year', db.compute);
    db.started[0]!.resolve('figures 1');
    await first;

    time.pass(5 * 60_000); // well past maxAgeMs: age alone does not make figures wrong
    expect(await answers.get('year', db.compute)).toEqual({
      value: 'figures 1',
      asOf: time.now(),
    });
    expect(db.started).toHaveLength(1);
    expect(db.versionsAsked).toEqual(['state 0']);

    // A write anywhere (an order placed, a review) and the next ask reads afresh.
    db.write();
    const after = answers.get('year', db.compute);
    await settle();
    expect(db.started).toHaveLength(2);
    db.started[1]!.resolve('figures 2');
    expect((await after).value).toBe('figures 2');
  });

  it('gives the last answer at once while a newer one is computed, and waits when it is too old', async () => {
    const time = clock();
    const db = database();
    const answers = latestAnswers(db, time);
    const first = answers.get('year', db.compute);
    db.started[0]!.resolve('figures 1');
    const { asOf } = await first;

    db.write();
    time.pass(10_000);
    const fresh = answers.get('year', db.compute); // starts the second computation
    await settle();
    const meanwhile = await answers.get('year', db.compute);
    expect(meanwhile).toEqual({ value: 'figures 1', asOf });
    expect(db.started).toHaveLength(2);

    time.pass(60_000); // the last answer is now 70 s old: the next ask waits for the new one
    let waited = false;
    const late = answers.get('year', db.compute).then((answer) => {
      waited = true;
      return answer;
    });
    await Promise.resolve();
    expect(waited).toBe(false);
    db.started[1]!.resolve('figures 2');
    expect((await late).value).toBe('figures 2');
    expect((await fresh).value).toBe('figures 2');
    expect(db.started).toHaveLength(2);
  });

  it('keeps the last answer when a computation fails, and fails only the asks that waited', async () => {
    const db = database();
    const answers = latestAnswers(db);
    const first = answers.get('year', db.compute);
    db.started[0]!.resolve('figures 1');
    await first;

    db.write();
    const failing = answers.get('year', db.compute);
    await settle();
    const meanwhile = answers.get('year', db.compute);
    db.started[1]!.reject(new Error('the database went away'));
    await expect(failing).rejects.toThrow('the database went away');
    expect((await meanwhile).value).toBe('figures 1');

    const again = answers.get('year', db.compute);
    await settle();
    expect(db.started).toHaveLength(3);
    db.started[2]!.resolve('figures 3');
    expect((await again).value).toBe('figures 3');
  });

  it('keeps keys apart and drops the least recently asked beyond maxKeys', async () => {
    const db = database();
    const answers = latestAnswers(db, clock(), 2);
    for (const key of ['a', 'b', 'a', 'c']) {
      db.write();
      const ask = answers.get(key, db.compute);
      await settle();
      db.started.at(-1)!.resolve(`figures of ${key}`);
      expect((await ask).value).toBe(`figures of ${key}`);
    }
    db.write();
    // 'a' was kept (asked again before 'c'): an ask while it runs gets its last answer at once.
    const aAgain = answers.get('a', db.compute);
    await settle();
    expect((await answers.get('a', db.compute)).value).toBe('figures of a');
    db.started.at(-1)!.resolve('a again');
    expect((await aAgain).value).toBe('a again');
    // 'b' was dropped: an ask for it while one runs has no last answer, so it waits.
    const running = answers.get('b', db.compute);
    let waited = false;
    const meanwhile = answers.get('b', db.compute).then(() => {
      waited = true;
    });
    await Promise.resolve();
    expect(waited).toBe(false);
    db.started.at(-1)!.resolve('b again');
    expect((await running).value).toBe('b again');
    await meanwhile;
    expect(waited).toBe(true);
  });
});
