import { describe, expect, it } from 'vitest';
import { createFoundSearches } from './found-searches.ts';
import type { ToolSearchFound } from './tool-search.service.ts';

/** A search that counts what reaches it (the database, in the app) and finds the words as ids. */
function countedFind() {
  const asked: string[] = [];
  let failNext = false;
  const find = (_build: number, q: string, limit?: number): Promise<ToolSearchFound> => {
    asked.push(`${limit ?? 'all'} ${q}`);
    if (failNext) {
      failNext = false;
      return Promise.reject(new Error('the database is away'));
    }
    return Promise.resolve({ ids: q.split(' '), total: q.split(' ').length, corrected: [] });
  };
  return { find, asked, failNext: () => (failNext = true) };
}

describe('createFoundSearches: the ids a search found, kept for their catalog build', () => {
  it('asks the database once per search and build, whatever the catalog versions between', async () => {
    const search = countedFind();
    const found = createFoundSearches(search.find);

    expect((await found(1, 'claw hammer', 1000)).ids).toEqual(['claw', 'hammer']);
    // The same search again (another page, another sort, after an order): kept.
    await found(1, 'claw hammer', 1000);
    // Every match (GET /parts?q=) is another search than the best 1,000.
    await found(1, 'claw hammer');
    expect(search.asked).toEqual(['1000 claw hammer', 'all claw hammer']);

    // A build (a name changed, a tool archived) drops what was found before it.
    await found(2, 'claw hammer', 1000);
    expect(search.asked).toHaveLength(3);
    await found(2, 'claw hammer', 1000);
    expect(search.asked).toHaveLength(3);
  });

  it('keeps nothing asked with an older build than the latest seen', async () => {
    const search = countedFind();
    const found = createFoundSearches(search.find);
    await found(3, 'saw', 24);
    await found(2, 'saw', 24);
    await found(2, 'saw', 24);
    // The two late asks each reached the database; the build 3 one is still kept.
    expect(search.asked).toHaveLength(3);
    await found(3, 'saw', 24);
    expect(search.asked).toHaveLength(3);
  });

  it('drops the least recently asked past its size, and never keeps a failure', async () => {
    const search = countedFind();
    const found = createFoundSearches(search.find, 2);
    await found(1, 'a');
    await found(1, 'b');
    await found(1, 'a');
    // 'b' is now the least recently asked: 'c' takes its place.
    await found(1, 'c');
    expect(search.asked).toEqual(['all a', 'all b', 'all c']);
    await found(1, 'a');
    await found(1, 'b');
    expect(search.asked).toEqual(['all a', 'all b', 'all c', 'all b']);

    search.failNext();
    await expect(found(1, 'd')).rejects.toThrow('the database is away');
    expect((await found(1, 'd')).ids).toEqual(['d']);
    expect(search.asked.filter((ask) => ask === 'all d')).toHaveLength(2);
  });
});
