import { describe, expect, it } from 'vitest';
import { createKeptPerBuild } from './kept-per-build.ts';

/** A maker that counts its calls and makes a list of `size` items for a key. */
function countedMaker() {
  const made: string[] = [];
  const make = (key: string, size: number) => () => {
    made.push(key);
    return Promise.resolve(Array.from({ length: size }, (_, index) => `${key}${index}`));
  };
  return { made, make };
}

describe('createKeptPerBuild: values kept for their catalog build, within a weighed capacity', () => {
  it('drops the least recently asked once the weights pass the capacity', async () => {
    const { made, make } = countedMaker();
    const keep = createKeptPerBuild<string[]>({ capacity: 10, weigh: (list) => list.length });
    await keep(1, 'a', make('a', 4));
    await keep(1, 'b', make('b', 4));
    await keep(1, 'a', make('a', 4));
    // 4 + 4 + 4 is past 10: 'b', the least recently asked, goes.
    await keep(1, 'c', make('c', 4));
    expect(made).toEqual(['a', 'b', 'c']);
    await keep(1, 'a', make('a', 4));
    await keep(1, 'c', make('c', 4));
    expect(made).toEqual(['a', 'b', 'c']);
    await keep(1, 'b', make('b', 4));
    expect(made).toEqual(['a', 'b', 'c', 'b']);
  });

  it('answers a value heavier than the whole capacity without keeping it, and keeps the rest', async () => {
    const { made, make } = countedMaker();
    const keep = createKeptPerBuild<string[]>({ capacity: 10, weigh: (list) => list.length });
    await keep(1, 'small', make('small', 3));
    expect(await keep(1, 'huge', make('huge', 50))).toHaveLength(50);
    await keep(1, 'huge', make('huge', 50));
    expect(made).toEqual(['small', 'huge', 'huge']);
    // The huge one pushed the small one out on its way through: nothing past the capacity stays.
    await keep(1, 'small', make('small', 3));
    expect(made).toEqual(['small', 'huge', 'huge', 'small']);
  });

  it('shares one making between asks at once, and keeps no failure', async () => {
    const keep = createKeptPerBuild<number>({ capacity: 5 });
    let calls = 0;
    let fail = true;
    const make = () => {
      calls += 1;
      return fail ? Promise.reject(new Error('away')) : Promise.resolve(calls);
    };
    const [first, second] = await Promise.allSettled([keep(1, 'k', make), keep(1, 'k', make)]);
    expect(first.status).toBe('rejected');
    expect(second.status).toBe('rejected');
    expect(calls).toBe(1);
    fail = false;
    expect(await keep(1, 'k', make)).toBe(2);
    expect(await keep(1, 'k', make)).toBe(2);
  });

  it('drops everything at a newer build and keeps nothing asked with an older one', async () => {
    const { made, make } = countedMaker();
    const keep = createKeptPerBuild<string[]>({ capacity: 100, weigh: (list) => list.length });
    await keep(2, 'a', make('a', 1));
    await keep(1, 'a', make('a', 1));
    await keep(1, 'a', make('a', 1));
    await keep(2, 'a', make('a', 1));
    expect(made).toEqual(['a', 'a', 'a']);
    await keep(3, 'a', make('a', 1));
    await keep(3, 'a', make('a', 1));
    expect(made).toEqual(['a', 'a', 'a', 'a']);
  });

  it('peeks at a value once it is made, for the latest build only, making nothing', async () => {
    const { made, make } = countedMaker();
    const keep = createKeptPerBuild<string[]>({ capacity: 100, weigh: (list) => list.length });
    const making = keep(1, 'a', make('a', 2));
    expect(keep.peek(1, 'a')).toBeUndefined();
    await making;
    expect(keep.peek(1, 'a')).toEqual(['a0', 'a1']);
    expect(keep.peek(1, 'b')).toBeUndefined();
    expect(keep.peek(0, 'a')).toBeUndefined();
    await keep(2, 'b', make('b', 1));
    expect(keep.peek(1, 'a')).toBeUndefined();
    expect(keep.peek(2, 'a')).toBeUndefined();
    expect(made).toEqual(['a', 'b']);
  });
});
