import { describe, expect, it } from 'vitest';
import { keysetPage, keysetPageLimit } from './keyset-cursor.ts';

describe('keysetPage: a page read one row deep', () => {
  const cursorOf = (last: number) => `after ${last}`;

  it('offers a next page only when the row past the limit came back', () => {
    expect(keysetPageLimit(3)).toBe(4);
    expect(keysetPage([1, 2, 3, 4], 3, cursorOf)).toEqual({ rows: [1, 2, 3], next: 'after 3' });
    // The rows end at the page's end: it is the last page, no empty one after it.
    expect(keysetPage([1, 2, 3], 3, cursorOf)).toEqual({ rows: [1, 2, 3], next: undefined });
    expect(keysetPage([1, 2], 3, cursorOf)).toEqual({ rows: [1, 2], next: undefined });
    expect(keysetPage([], 3, cursorOf)).toEqual({ rows: [], next: undefined });
  });
});
