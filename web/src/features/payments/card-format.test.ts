import { describe, expect, it } from 'vitest';
import {
  digitsBefore,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  positionAfterDigits,
} from './card-format';

describe('card field formats', () => {
  it.each([
    ['', ''],
    ['4', '4'],
    ['4242', '4242'],
    ['42424', '4242 4'],
    ['4242424242424242', '4242 4242 4242 4242'],
    ['4242-4242 4242x4242', '4242 4242 4242 4242'],
    ['42424242424242424242424', '4242 4242 4242 4242 424'],
  ])('groups the card number %j as %j', (typed, shown) => {
    expect(formatCardNumber(typed)).toBe(shown);
  });

  it.each([
    ['', ''],
    ['1', '1'],
    ['12', '12'],
    ['123', '12 / 3'],
    ['1230', '12 / 30'],
    ['12 / 305', '12 / 30'],
    ['12/30', '12 / 30'],
    // Deleting back over ' / ' leaves the month.
    ['12 /', '12'],
  ])('writes the expiry %j as %j', (typed, shown) => {
    expect(formatExpiry(typed)).toBe(shown);
  });

  it('keeps up to four digits of a CVC', () => {
    expect(formatCvc('1a2 345')).toBe('1234');
  });

  it('finds the caret again after the grouping moved the digits', () => {
    // Typed a 5th digit after '4242': the caret belongs after it, past the new space.
    expect(digitsBefore('42424', 5)).toBe(5);
    expect(positionAfterDigits('4242 4', 5)).toBe(6);
    expect(positionAfterDigits('4242 4242', 4)).toBe(4);
    expect(positionAfterDigits('12 / 3', 3)).toBe(6);
    expect(positionAfterDigits('4242', 0)).toBe(0);
    expect(positionAfterDigits('42', 9)).toBe(2);
  });
});
