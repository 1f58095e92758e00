import { describe, expect, it } from 'vitest';
import { createLatestAnswers } from './latest-answers.ts';

/** A computation the test finishes (or fails) when it chooses, counting how many were started. */
function computations() {
  const started: { resolve: (value: string) => void; reject: (error: Error) => void }[] = [];
  return {
    started,
    compute: () =>
      new Promise<string>((resolve, reject) => {
        started.push({ resolve, reject });
      }),
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

describe('createLatestAnswers: one computation at a time per key', () => {
  it('makes asks that arrive together share one computation, when there is no answer yet', async () => {
    const time = clock();
    const answers = createLatestAnswers<string>({
      maxKeys: 5,
      maxAgeMs: 60_000,
      now: time.now,
    });
    const { started, compute } = computations();
    const asks = [answers.get('year', compute), answers.get('year', compute)];
    expect(started).toHaveLength(1);
    started[0]!.resolve('figures 1');
    const values = await Promise.all(asks);
    expect(values.map((answer) => answer.value)).toEqual(['figures 1', 'figures 1']);
    expect(values[0]!.asOf).toEqual(time.now());
  });

  it('computes again for an ask after the last one finished: a quiet shop gets fresh figures', async () => {
    const time = clock();
    const answers = createLatestAnswers<string>({
      maxKeys: 5,
      maxAgeMs: 60_000,
      now: time.now,
    });
    const { started, compute } = computations();
    const first = answers.get('year', compute);
    started[0]!.resolve('before the refund');
    await first;
    time.pass(1_000);
    const second = answers.get('year', compute);
    expect(started).toHaveLength(2);
    started[1]!.resolve('after the refund');
    expect(await second).toEqual({ value: 'after the refund', asOf: time.now() });
  });

  it('gives the last answer at once while a newer one is computed, and waits when it is too old', async () => {
    const time = clock();
    const answers = createLatestAnswers<string>({
      maxKeys: 5,
      maxAgeMs: 60_000,
      now: time.now,
    });
    const { started, compute } = computations();
    const first = answers.get('year', compute);
    started[0]!.resolve('figures 1');
    const { asOf } = await first;

    time.pass(10_000);
    const fresh = answers.get('year', compute); // starts the second computation
    const meanwhile = await answers.get('year', compute);
    expect(meanwhile).toEqual({ value: 'figures 1', asOf });
    expect(started).toHaveLength(2);

    time.pass(60_000); // the last answer is now 70 s old: the next ask waits for the new one
    let waited = false;
    const late = answers.get('year', compute).then((answer) => {
      waited = true;
      return answer;
    });
    await Promise.resolve();
    expect(waited).toBe(false);
    started[1]!.resolve('figures 2');
    expect((await late).value).toBe('figures 2');
    expect((await fresh).value).toBe('figures 2');
    expect(started).toHaveLength(2);
  });

  it('keeps the last answer when a computation fails, and fails only the asks that waited', async () => {
    const time = clock();
    const answers = createLatestAnswers<string>({
      maxKeys: 5,
      maxAgeMs: 60_000,
      now: time.now,
    });
    const { started, compute } = computations();
    const first = answers.get('year', compute);
    started[0]!.resolve('figures 1');
    await first;

    const failing = answers.get('year', compute);
    const meanwhile = answers.get('year', compute);
    started[1]!.reject(new Error('the database went away'));
    await expect(failing).rejects.toThrow('the database went away');
    expect((await meanwhile).value).toBe('figures 1');

    const again = answers.get('year', compute);
    expect(started).toHaveLength(3);
    started[2]!.resolve('figures 3');
    expect((await again).value).toBe('figures 3');
  });

  it('keeps keys apart and drops the least recently asked beyond maxKeys', async () => {
    const time = clock();
    const answers = createLatestAnswers<string>({
      maxKeys: 2,
      maxAgeMs: 60_000,
      now: time.now,
    });
    const { started, compute } = computations();
    for (const key of ['a', 'b', 'a', 'c']) {
      const ask = answers.get(key, compute);
      started.at(-1)!.resolve(`figures of ${key}`);
      expect((await ask).value).toBe(`figures of ${key}`);
    }
    // 'a' was kept (asked again before 'c'): an ask while it runs gets its last answer at once.
    const aAgain = answers.get('a', compute);
    expect((await answers.get('a', compute)).value).toBe('figures of a');
    started.at(-1)!.resolve('a again');
    expect((await aAgain).value).toBe('a again');
    // 'b' was dropped: an ask for it while one runs has no last answer, so it waits.
    const running = answers.get('b', compute);
    let waited = false;
    const meanwhile = answers.get('b', compute).then(() => {
      waited = true;
    });
    await Promise.resolve();
    expect(waited).toBe(false);
    started.at(-1)!.resolve('b again');
    expect((await running).value).toBe('b again');
    await meanwhile;
    expect(waited).toBe(true);
  });
});
