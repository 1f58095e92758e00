import { describe, expect, it } from 'vitest';
import {
  isSkuLike,
  MAX_SEARCH_LENGTH,
  SearchQuerySchema,
  ToolSearchQuerySchema,
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
  sku = `SKU-${name.length}`,
) => ({ name, sku, desc, price, priceBreaks, availableQuantity });

/** In catalog order; the prices and stocks tie on purpose. 'HS-10' is the start of 'HS-100'. */
const catalog = [
  tool('Hand Saw', 'A sharp saw for wood', 20, 100, [], 'HS-100'),
  tool('Claw Hammer', 'Steel head, wooden handle', 15, 300, [], 'HM-CLAW-16'),
  tool('Säge', 'Eine deutsche Säge', 20, 300, [], 'HS-10'),
  tool('Pliers 50% (long)', "Reach in: 'narrow_spots'.* and more", 8.5, 50, [], 'PL/50.L'),
  tool('adjustable wrench', 'Fits nuts of any size', 12, 100, [], 'WR_ADJ'),
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
        catalog.filter((t) => `${t.name}\n${t.sku}\n${t.desc}`.includes(q)).map((t) => t.name),
      );
    expect(names({ q: '.' })).toEqual(['Pliers 50% (long)']);
  });

  it('finds a tool by its SKU: whole, in any case, by its start or by any part of it', () => {
    expect(names({ q: 'HM-CLAW-16' })).toEqual(['Claw Hammer']);
    expect(names({ q: 'hm-claw-16' })).toEqual(['Claw Hammer']);
    expect(names({ q: 'Hm-ClAw' })).toEqual(['Claw Hammer']);
    expect(names({ q: 'claw-16' })).toEqual(['Claw Hammer']);
    expect(names({ q: 'pl/50.l' })).toEqual(['Pliers 50% (long)']);
    expect(names({ q: 'wr_adj' })).toEqual(['adjustable wrench']);
    // A SKU's part and a name's word together.
    expect(names({ q: 'wrench adj' })).toEqual(['adjustable wrench']);
    expect(names({ q: 'hm-claw-17' })).toEqual([]);
  });

  it('puts the tool whose SKU is the search first, unless a sort is asked for', () => {
    // 'HS-10' is the whole SKU of Säge and the start of Hand Saw's 'HS-100'.
    expect(names({ q: 'hs-10' })).toEqual(['Säge', 'Hand Saw']);
    expect(names({ q: ' HS-10 ' })).toEqual(['Säge', 'Hand Saw']);
    expect(names({ q: 'hs-1' })).toEqual(['Hand Saw', 'Säge']);
    expect(names({ q: 'hs-100' })).toEqual(['Hand Saw']);
    expect(names({ q: 'hs-10', sort: 'name' })).toEqual(['Hand Saw', 'Säge']);
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

describe('isSkuLike: a search the server reads as a SKU or its start', () => {
  it('takes one word of a SKU shape with a digit or a separator', () => {
    for (const q of ['hm-claw-16', 'sd-', 'rg1', 'tm-5m', 'a.b/c_d'])
      expect(isSkuLike(searchWords(q)), q).toBe(true);
  });

  it('leaves plain words, several words and other characters to the word search', () => {
    for (const q of ['saw', 'claw hammer', 'hm-claw 16', '50%', '-x', '', 'a'.repeat(31) + '-1'])
      expect(isSkuLike(searchWords(q)), q).toBe(false);
  });
});

describe('ToolSearchQuerySchema: GET /api/search', () => {
  it('takes a page from 1 to the last the best matches fill, and refuses others in words', () => {
    expect(ToolSearchQuerySchema.parse({ q: 'saw' })).toEqual({ q: 'saw', page: 1 });
    expect(ToolSearchQuerySchema.parse({ q: 'saw', page: '42' }).page).toBe(42);
    for (const page of ['0', '43', '1.5', 'x'])
      expect(ToolSearchQuerySchema.safeParse({ q: 'saw', page }).success, page).toBe(false);
  });
});
