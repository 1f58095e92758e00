import { describe, expect, it } from 'vitest';
import {
  isOfferExpired,
  isQuoteQuantityAllowed,
  isTodayOrLater,
  quoteReference,
  todayUtc,
} from './quote-rules.ts';
import { isCalendarDate, isOpenQuote, OfferQuoteSchema, RequestQuoteSchema } from './quotes.ts';
import { texts } from './texts.ts';

describe('isCalendarDate', () => {
  it('takes days that exist, written YYYY-MM-DD', () => {
    expect(isCalendarDate('2026-11-23')).toBe(true);
    expect(isCalendarDate('2028-02-29')).toBe(true);
  });

  it('refuses days that do not exist and other spellings', () => {
    for (const value of [
      '2026-02-30',
      '2027-02-29',
      '2026-13-01',
      '2026-00-10',
      '26-11-23',
      '2026-11-23T00:00:00Z',
      '23/11/2026',
      '',
    ]) {
      expect(isCalendarDate(value), value).toBe(false);
    }
  });
});

describe('isOfferExpired', () => {
  it('keeps an offer valid through its whole last day in UTC, and expires it at midnight after', () => {
    expect(isOfferExpired('2026-11-23', new Date('2026-11-23T00:00:00.000Z'))).toBe(false);
    expect(isOfferExpired('2026-11-23', new Date('2026-11-23T23:59:59.999Z'))).toBe(false);
    expect(isOfferExpired('2026-11-23', new Date('2026-11-24T00:00:00.000Z'))).toBe(true);
    expect(isOfferExpired('2026-11-23', new Date('2026-11-22T12:00:00.000Z'))).toBe(false);
  });

  it('reads today in UTC, whatever the time zone', () => {
    expect(todayUtc(new Date('2026-11-23T23:30:00-05:00'))).toBe('2026-11-24');
  });
});

describe('isTodayOrLater', () => {
  it('takes today and later days in UTC, and refuses yesterday', () => {
    const now = new Date('2026-11-23T00:00:00.000Z');
    expect(isTodayOrLater('2026-11-23', now)).toBe(true);
    expect(isTodayOrLater('2026-11-24', now)).toBe(true);
    expect(isTodayOrLater('2027-01-01', now)).toBe(true);
    expect(isTodayOrLater('2026-11-22', now)).toBe(false);
    expect(isTodayOrLater('2026-11-23', new Date('2026-11-23T23:59:59.999Z'))).toBe(true);
    expect(isTodayOrLater('2026-11-23', new Date('2026-11-24T00:00:00.000Z'))).toBe(false);
  });

  it("reads today in UTC: late evening west of Greenwich is already tomorrow's day", () => {
    const now = new Date('2026-11-23T23:30:00-05:00');
    expect(isTodayOrLater('2026-11-23', now)).toBe(false);
    expect(isTodayOrLater('2026-11-24', now)).toBe(true);
  });
});

describe('quote rules', () => {
  it('asks for more than the minimum order quantity, with no upper limit', () => {
    const tool = { minOrderQuantity: 100 };
    expect(isQuoteQuantityAllowed(100, tool)).toBe(false);
    expect(isQuoteQuantityAllowed(101, tool)).toBe(true);
    expect(isQuoteQuantityAllowed(2_000_000, tool)).toBe(true);
    expect(isQuoteQuantityAllowed(101.5, tool)).toBe(false);
  });

  it('counts requested and offered quotes as open, the rest as closed', () => {
    expect(isOpenQuote('requested')).toBe(true);
    expect(isOpenQuote('offered')).toBe(true);
    for (const status of ['expired', 'accepted', 'declined', 'refused'] as const) {
      expect(isOpenQuote(status)).toBe(false);
    }
  });

  it('names a quote by the first eight characters of its id', () => {
    expect(quoteReference('3f2a9c1b-0000-4000-8000-000000000000')).toBe('Q-3F2A9C1B');
  });
});

describe('quote request and offer schemas', () => {
  const toolId = '3f2a9c1b-0000-4000-8000-000000000000';

  it('takes a request with a quantity of digits, a date and no note', () => {
    expect(RequestQuoteSchema.parse({ toolId, quantity: '5000', neededBy: '2026-12-01' })).toEqual({
      toolId,
      quantity: 5000,
      neededBy: '2026-12-01',
      note: '',
    });
  });

  it('says which date field is wrong', () => {
    const result = RequestQuoteSchema.safeParse({ toolId, quantity: 500, neededBy: '2026-02-30' });
    expect(result.error?.issues[0]?.message).toBe(texts.quotes.notADate('needed-by date'));
    const missing = OfferQuoteSchema.safeParse({ price: 9.5 });
    expect(missing.error?.issues[0]?.message).toBe(texts.fieldErrors.required('valid-until date'));
  });

  it('refuses an offer price of three decimals or zero', () => {
    expect(OfferQuoteSchema.safeParse({ price: 9.999, validUntil: '2026-12-01' }).success).toBe(
      false,
    );
    expect(OfferQuoteSchema.safeParse({ price: 0, validUntil: '2026-12-01' }).success).toBe(false);
  });
});
