import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount, formatMoney, MAX_PAYABLE_CENTS, PAYABLE_LIMIT_TEXT } from './money.ts';

describe('formatMoney', () => {
  it('shows dollars with thousands separators and always two decimals', () => {
    expect(formatMoney(33768.75)).toBe('$33,768.75');
    expect(formatMoney(1125)).toBe('$1,125.00');
    expect(formatMoney(1143.75)).toBe('$1,143.75');
    expect(formatMoney(25)).toBe('$25.00');
    expect(formatMoney(12.5)).toBe('$12.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(999999.99)).toBe('$999,999.99');
    expect(formatMoney(1234567.8)).toBe('$1,234,567.80');
  });

  it('rounds to the cent', () => {
    expect(formatMoney(0.1 + 0.2)).toBe('$0.30');
  });
});

describe('formatCount and the payable limit', () => {
  it('writes counts with separators', () => {
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(5)).toBe('5');
  });

  it('spells the payable limit as formatMoney writes it', () => {
    expect(PAYABLE_LIMIT_TEXT).toBe(formatMoney((MAX_PAYABLE_CENTS + 1) / 100));
  });
});

describe('written as Intl writes it', () => {
  // The formatters are written by hand (money.ts says why): they must never differ from Intl.
  const intlMoney = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const intlCount = new Intl.NumberFormat('en-US');
  const numbers = fc.oneof(
    fc.double(),
    fc.double({ min: -1e7, max: 1e7 }),
    // Amounts as the product holds them, and halves of a cent (where rounding decides).
    fc.integer({ min: -1e11, max: 1e11 }).map((cents) => cents / 100),
    fc.integer({ min: -1e9, max: 1e9 }).map((halfCents) => (halfCents + 0.5) / 100),
    fc.integer({ min: -1e9, max: 1e9 }).map((thousandths) => (thousandths + 0.5) / 1000),
  );

  it('writes money as Intl does, to the letter', () => {
    fc.assert(
      fc.property(numbers, (value) => formatMoney(value) === intlMoney.format(value)),
      { numRuns: 20_000 },
    );
    for (const value of [1.005, 2.675, -0, -0.001, 1e-7, 999.995, 1e21, -1e300, Infinity, NaN]) {
      expect(formatMoney(value)).toBe(intlMoney.format(value));
    }
  });

  it('writes counts as Intl does, to the letter', () => {
    fc.assert(
      fc.property(numbers, (value) => formatCount(value) === intlCount.format(value)),
      { numRuns: 20_000 },
    );
    for (const value of [1.0005, -0, 5e-7, 123456789.125, 1e21, -Infinity, NaN]) {
      expect(formatCount(value)).toBe(intlCount.format(value));
    }
  });
});
