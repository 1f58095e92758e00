import { describe, expect, it } from 'vitest';
import { texts } from '@tools-factory/contract';
import { judgeTestCard, passesLuhn } from './test-cards.ts';

const cardErrors = texts.cardErrors;
const november2026 = new Date('2026-11-22T12:00:00Z');
const card = (cardNumber: string, expiry = '12 / 30', cvc = '123') => ({ cardNumber, expiry, cvc });

describe('the test gateway’s cards', () => {
  it('runs the Luhn check', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4000000000000002')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('79927398713')).toBe(true);
  });

  it('lets 4242 4242 4242 4242 (spaces or dashes) succeed', () => {
    expect(judgeTestCard(card('4242 4242 4242 4242'), november2026)).toBeUndefined();
    expect(judgeTestCard(card('4242-4242-4242-4242'), november2026)).toBeUndefined();
  });

  it('is valid through the last day of its expiry month, not after', () => {
    expect(judgeTestCard(card('4242424242424242', '11 / 26'), november2026)).toBeUndefined();
    expect(judgeTestCard(card('4242424242424242', '10/26'), november2026)).toBe(
      cardErrors.pastExpiry,
    );
    expect(judgeTestCard(card('4242424242424242', '11/2026'), november2026)).toBeUndefined();
    expect(judgeTestCard(card('4242424242424242', '00 / 27'), november2026)).toBe(
      cardErrors.invalidExpiryMonth,
    );
  });

  it('checks the number, then the expiry, then the CVC, as a card form does', () => {
    expect(judgeTestCard(card('4242 4242 4242 424x'), november2026)).toBe(cardErrors.invalidNumber);
    expect(judgeTestCard(card('4242 4242 4242 4241', 'soon', '1'), november2026)).toBe(
      cardErrors.invalidNumber,
    );
    expect(judgeTestCard(card('4242 4242 4242 4242', 'soon', '1'), november2026)).toBe(
      cardErrors.incompleteExpiry,
    );
    expect(judgeTestCard(card('4242 4242 4242 4242', '12/30', '1'), november2026)).toBe(
      cardErrors.incompleteCvc,
    );
    expect(judgeTestCard(card('4000 0000 0000 0002', '12/30', '1'), november2026)).toBe(
      cardErrors.incompleteCvc,
    );
  });
});
