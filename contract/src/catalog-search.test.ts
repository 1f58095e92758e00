import { describe, expect, it } from 'vitest';
import {
  MAX_SEARCH_LENGTH,
  SearchQuerySchema,
  searchTools,
  searchWords,
  type SearchQuery,
} from './index.ts';
import { texts } from './texts.ts';

const tool = (
  name: string,
  desc: string,
  price: number,
  availableQuantity: number,
  priceBreaks: { minQuantity: number; price: number }[] = [],
) => ({ name, desc, price, priceBreaks, availableQuantity });

/** In catalog order; the prices and stocks tie on purpose. */
const catalog = [
  tool('Hand Saw', 'A sharp saw for wood', 20, 100),
  tool('Claw Hammer', 'Steel head, wooden handle', 15, 300),
  tool('Säge', 'Eine deutsche Säge', 20, 300),
  tool('Pliers 50% (long)', "Reach in: 'narrow_spots'.* and more", 8.5, 50),
  tool('adjustable wrench', 'Fits nuts of any size', 12, 100),
];

const names = (query: SearchQuery) => searchTools(catalog, query).map((found) => found.name);

describe('searchTools', () => {
  it('keeps the whole catalog in its order without a search or a sort', () => {
    const all = catalog.map((found) => found.name);
    expect(names({})).toEqual(all);
    expect(names({ q: '' })).toEqual(all);
    expect(names({ q: '   ' })).toEqual(all);
    expect(searchTools(catalog, {})).not.toBe(catalog);
  });

  it('finds every word in the name or the description, any case, in any order', () => {
    expect(names({ q: 'saw' })).toEqual(['Hand Saw']);
    expect(names({ q: 'WOOD saw' })).toEqual(['Hand Saw']);
    expect(names({ q: '  sharp\twood ' })).toEqual(['Hand Saw']);
    expect(names({ q: 'steel hammer' })).toEqual(['Claw Hammer']);
    expect(names({ q: 'wood' })).toEqual(['Hand Saw', 'Claw Hammer']);
    expect(names({ q: 'saw hammer' })).toEqual([]);
  });

  it('compares unicode as typed, lower-cased', () => {
    expect(names({ q: 'säge' })).toEqual(['Säge']);
    expect(names({ q: 'SÄGE deutsche' })).toEqual(['Säge']);
    expect(names({ q: 'sage' })).toEqual([]);
  });

  it('reads SQL and pattern characters as plain text', () => {
    expect(names({ q: '50%' })).toEqual(['Pliers 50% (long)']);
    expect(names({ q: "'narrow_spots'.*" })).toEqual(['Pliers 50% (long)']);
    expect(names({ q: '(long)' })).toEqual(['Pliers 50% (long)']);
    for (const q of ['%', '_', '.*', "'", '(', '[', '\\', "' OR 1=1 --"])
      expect(names({ q })).toEqual(
        catalog.filter((t) => `${t.name}\n${t.desc}`.includes(q)).map((t) => t.name),
      );
    expect(names({ q: '.' })).toEqual(['Pliers 50% (long)']);
  });

  it('sorts by name, by price both ways and by stock, ties keeping the catalog order', () => {
    expect(names({ sort: 'name' })).toEqual([
      'adjustable wrench',
      'Claw Hammer',
      'Hand Saw',
      'Pliers 50% (long)',
      'Säge',
    ]);
    expect(names({ sort: 'price' })).toEqual([
      'Pliers 50% (long)',
      'adjustable wrench',
      'Claw Hammer',
      'Hand Saw',
      'Säge',
    ]);
    expect(names({ sort: 'price-desc' })).toEqual([
      'Hand Saw',
      'Säge',
      'Claw Hammer',
      'adjustable wrench',
      'Pliers 50% (long)',
    ]);
    expect(names({ sort: 'available' })).toEqual([
      'Claw Hammer',
      'Säge',
      'Hand Saw',
      'adjustable wrench',
      'Pliers 50% (long)',
    ]);
    expect(names({ q: 'wood', sort: 'price' })).toEqual(['Claw Hammer', 'Hand Saw']);
  });

  it('sorts by the price a card shows: the lowest unit price of a tool with price breaks', () => {
    // Listed at 30, 'from 9' at 500 units: cheaper than a tool listed at 10 without breaks.
    const withBreaks = [
      tool('Listed ten', 'no breaks', 10, 100),
      tool('From nine', 'breaks', 30, 100, [
        { minQuantity: 200, price: 12 },
        { minQuantity: 500, price: 9 },
      ]),
      tool('Listed eleven', 'no breaks', 11, 100),
    ];
    const sorted = (sort: 'price' | 'price-desc') =>
      searchTools(withBreaks, { sort }).map((found) => found.name);
    expect(sorted('price')).toEqual(['From nine', 'Listed ten', 'Listed eleven']);
    expect(sorted('price-desc')).toEqual(['Listed eleven', 'Listed ten', 'From nine']);
  });

  it('splits a search into its lower-cased words', () => {
    expect(searchWords(undefined)).toEqual([]);
    expect(searchWords(' Hand  SAW ')).toEqual(['hand', 'saw']);
  });
});

describe('SearchQuerySchema', () => {
  it('takes up to 200 characters, trimmed, and the four sorts', () => {
    const longest = 'a'.repeat(MAX_SEARCH_LENGTH);
    expect(SearchQuerySchema.parse({ q: longest })).toEqual({ q: longest });
    expect(SearchQuerySchema.parse({ q: '  saw ', sort: 'price-desc' })).toEqual({
      q: 'saw',
      sort: 'price-desc',
    });
    expect(SearchQuerySchema.parse({})).toEqual({});
    for (const sort of ['name', 'price', 'price-desc', 'available'])
      expect(SearchQuerySchema.safeParse({ sort }).success).toBe(true);
  });

  it('refuses 201 characters and an unknown sort in words', () => {
    const tooLong = SearchQuerySchema.safeParse({ q: 'a'.repeat(MAX_SEARCH_LENGTH + 1) });
    expect(tooLong.error?.issues[0]?.message).toBe(texts.fieldErrors.tooLong('q', 200));
    const badSort = SearchQuerySchema.safeParse({ sort: 'cheapest' });
    expect(badSort.error?.issues[0]?.message).toBe(
      'sort must be one of name, price, price-desc, available',
    );
    expect(SearchQuerySchema.safeParse({ q: ['saw', 'hammer'] }).success).toBe(false);
  });
});
