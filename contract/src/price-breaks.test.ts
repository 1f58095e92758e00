import { describe, expect, it } from 'vitest';
import { SAMPLE_NEW_TOOL } from './testing/sample-tool.ts';
import {
  lowestUnitPrice,
  MAX_PRICE_BREAKS,
  nextPriceBreak,
  priceBreaksProblem,
  reachedPriceBreak,
  sortPriceBreaks,
  unitPriceFor,
  UpdatePriceBreaksSchema,
} from './index.ts';
import { texts } from './texts.ts';
import { CreateToolSchema } from './tools.ts';

const errors = texts.adminErrors;
/** List price $10.00, minimum order 10. */
const tool = { price: 10, minOrderQuantity: 10 };

describe('priceBreaksProblem', () => {
  it('takes no breaks, one break, and breaks in any order that fall with quantity', () => {
    expect(priceBreaksProblem([], tool)).toBeUndefined();
    expect(priceBreaksProblem([{ minQuantity: 11, price: 9.99 }], tool)).toBeUndefined();
    const breaks = [
      { minQuantity: 1000, price: 8 },
      { minQuantity: 100, price: 9.5 },
      { minQuantity: 500, price: 9 },
    ];
    expect(priceBreaksProblem(breaks, tool)).toBeUndefined();
  });

  it('refuses a break at or below the minimum order quantity', () => {
    const message = errors.breakAtOrBelowMinimum(10);
    expect(priceBreaksProblem([{ minQuantity: 10, price: 9 }], tool)).toBe(message);
    expect(priceBreaksProblem([{ minQuantity: 3, price: 9 }], tool)).toBe(message);
    expect(message).toBe('Each price break must start above the minimum order quantity (10)');
  });

  it('refuses a break at or above the list price, to the cent', () => {
    const message = errors.breakNotBelowListPrice(10);
    expect(priceBreaksProblem([{ minQuantity: 50, price: 10 }], tool)).toBe(message);
    expect(priceBreaksProblem([{ minQuantity: 50, price: 10.01 }], tool)).toBe(message);
    expect(priceBreaksProblem([{ minQuantity: 50, price: 9.99 }], tool)).toBeUndefined();
    // Floating point: 0.1 + 0.2 dollars is 30 cents, not above them.
    const odd = { price: 0.3, minOrderQuantity: 1 };
    expect(priceBreaksProblem([{ minQuantity: 5, price: 0.1 + 0.2 }], odd)).toBe(
      errors.breakNotBelowListPrice(0.3),
    );
    expect(message).toBe('Each price break must be below the list price ($10.00)');
  });

  it('refuses two breaks at the same quantity', () => {
    const breaks = [
      { minQuantity: 100, price: 9 },
      { minQuantity: 100, price: 8 },
    ];
    expect(priceBreaksProblem(breaks, tool)).toBe(errors.duplicateBreakQuantity(100));
  });

  it('refuses a larger quantity that does not cost less per unit, in whatever order sent', () => {
    const equal = [
      { minQuantity: 100, price: 9 },
      { minQuantity: 500, price: 9 },
    ];
    const rising = [
      { minQuantity: 500, price: 9.5 },
      { minQuantity: 100, price: 9 },
    ];
    expect(priceBreaksProblem(equal, tool)).toBe(errors.breakPricesNotFalling);
    expect(priceBreaksProblem(rising, tool)).toBe(errors.breakPricesNotFalling);
  });

  it(`refuses more than ${MAX_PRICE_BREAKS} breaks`, () => {
    const breaks = (count: number) =>
      Array.from({ length: count }, (_, index) => ({
        minQuantity: 100 * (index + 1),
        price: 9 - index,
      }));
    expect(priceBreaksProblem(breaks(MAX_PRICE_BREAKS), tool)).toBeUndefined();
    expect(priceBreaksProblem(breaks(MAX_PRICE_BREAKS + 1), tool)).toBe(
      errors.tooManyPriceBreaks(MAX_PRICE_BREAKS),
    );
  });
});

describe('the breaks as an admin sends them', () => {
  const product = SAMPLE_NEW_TOOL;

  it('Add Product takes none (an empty list), or breaks typed as strings of digits', () => {
    expect(CreateToolSchema.parse(product).priceBreaks).toEqual([]);
    const parsed = CreateToolSchema.parse({
      ...product,
      priceBreaks: [{ minQuantity: '500', price: '11.99' }],
    });
    expect(parsed.priceBreaks).toEqual([{ minQuantity: 500, price: 11.99 }]);
  });

  it('Add Product refuses breaks that do not fit the tool, on priceBreaks', () => {
    const result = CreateToolSchema.safeParse({
      ...product,
      priceBreaks: [{ minQuantity: 100, price: 11 }],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['priceBreaks'],
        message: errors.breakAtOrBelowMinimum(100),
      }),
    ]);
  });

  it.each([
    ['not a list', { priceBreaks: 'many' }, errors.priceBreaksNotAList],
    [
      'a quantity of 0',
      { priceBreaks: [{ minQuantity: 0, price: 1 }] },
      'break quantity must be at least 1',
    ],
    [
      'a fraction of a unit',
      { priceBreaks: [{ minQuantity: 10.5, price: 1 }] },
      'break quantity must be a whole number',
    ],
    [
      'a price of 0',
      { priceBreaks: [{ minQuantity: 10, price: 0 }] },
      texts.fieldErrors.notPositive('break price'),
    ],
    [
      'a third decimal',
      { priceBreaks: [{ minQuantity: 10, price: '1.001' }] },
      texts.fieldErrors.tooManyDecimals('break price'),
    ],
    [
      'too many breaks',
      {
        priceBreaks: Array.from({ length: MAX_PRICE_BREAKS + 1 }, (_, i) => ({
          minQuantity: i + 2,
          price: 1,
        })),
      },
      errors.tooManyPriceBreaks(MAX_PRICE_BREAKS),
    ],
  ])('UpdatePriceBreaksSchema refuses %s', (_case, body, message) => {
    const result = UpdatePriceBreaksSchema.safeParse(body);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('choosing a break', () => {
  const breaks = [
    { minQuantity: 500, price: 8 },
    { minQuantity: 100, price: 9 },
  ];
  const withBreaks = { price: 10, priceBreaks: breaks };

  it.each([
    [1, undefined, 10],
    [99, undefined, 10],
    [100, 100, 9],
    [101, 100, 9],
    [499, 100, 9],
    [500, 500, 8],
    [501, 500, 8],
    [1_000_000, 500, 8],
  ])('quantity %d reaches the break at %s and costs $%d each', (quantity, reached, unitPrice) => {
    expect(reachedPriceBreak(breaks, quantity)?.minQuantity).toBe(reached);
    expect(unitPriceFor(withBreaks, quantity)).toBe(unitPrice);
  });

  it.each([
    [1, 100],
    [99, 100],
    [100, 500],
    [499, 500],
    [500, undefined],
    [501, undefined],
  ])('after quantity %d, the next break is at %s', (quantity, next) => {
    expect(nextPriceBreak(breaks, quantity)?.minQuantity).toBe(next);
  });

  it('works on cents as on dollars, and without breaks the list price applies', () => {
    const cents = [
      { minQuantity: 100, priceCents: 900 },
      { minQuantity: 500, priceCents: 800 },
    ];
    expect(reachedPriceBreak(cents, 500)?.priceCents).toBe(800);
    expect(reachedPriceBreak([], 500)).toBeUndefined();
    expect(unitPriceFor({ price: 10, priceBreaks: [] }, 500)).toBe(10);
  });

  it('gives the lowest unit price: the largest break’s, or the list price without breaks', () => {
    expect(lowestUnitPrice(withBreaks)).toBe(8);
    expect(lowestUnitPrice({ price: 10, priceBreaks: [] })).toBe(10);
  });

  it('sorts breaks smallest quantity first without changing the list it was given', () => {
    expect(sortPriceBreaks(breaks).map((b) => b.minQuantity)).toEqual([100, 500]);
    expect(breaks.map((b) => b.minQuantity)).toEqual([500, 100]);
  });
});
