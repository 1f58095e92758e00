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
