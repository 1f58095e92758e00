import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addedTaxOf,
  addedTaxOfPart,
  chargedTotalOf,
  documentAmounts,
  ORDER_TAX_MODES,
  taxOnTop,
  taxWithin,
  type TaxTerms,
} from './tax.ts';

const rate = fc.integer({ min: 0, max: 10_000 });
const cents = fc.integer({ min: 0, max: 5_000_000_000 });
const terms = fc.record({ mode: fc.constantFrom(...ORDER_TAX_MODES), rateBasisPoints: rate });

describe('tax (issue 45)', () => {
  it('rounds half up, once: 20% of $0.03 is 1 cent, of $0.02 none; 20% within $1.20 is $0.20', () => {
    expect([taxOnTop(3, 2000), taxOnTop(2, 2000), taxOnTop(25, 2000)]).toEqual([1, 0, 5]);
    expect([taxWithin(120, 2000), taxWithin(23_988, 2000), taxWithin(23_988, 750)]).toEqual([
      20, 3998, 1674,
    ]);
  });

  it('shares a checkout tax rounded once among its amounts, the parts adding up to it exactly', () => {
    // Three lines of 3 cents at 20%: the tax on 9 cents is 2 cents, not three times 1.
    const added: TaxTerms = { mode: 'added', rateBasisPoints: 2000 };
    expect(addedTaxOf(added, [3, 3, 3])).toEqual([1, 1, 0]);
    fc.assert(
      fc.property(rate, fc.array(cents, { minLength: 1, maxLength: 30 }), (bp, amounts) => {
        const parts = addedTaxOf({ mode: 'added', rateBasisPoints: bp }, amounts);
        const sum = amounts.reduce((total, amount) => total + amount, 0);
        expect(parts.reduce((total, part) => total + part, 0)).toBe(taxOnTop(sum, bp));
        // Each part is its amount's own tax, give or take the one cent the rounding moved.
        amounts.forEach((amount, index) => {
          expect(Math.abs(parts[index]! - (amount * bp) / 10_000)).toBeLessThan(1);
        });
      }),
    );
  });

  it('adds nothing on top unless tax is added', () => {
    fc.assert(
      fc.property(terms, fc.array(cents, { maxLength: 10 }), (taxTerms, amounts) => {
        const parts = addedTaxOf(taxTerms, amounts);
        if (taxTerms.mode !== 'added') expect(parts.every((part) => part === 0)).toBe(true);
        const sum = amounts.reduce((total, amount) => total + amount, 0);
        expect(chargedTotalOf(taxTerms, sum)).toBe(
          sum + parts.reduce((total, part) => total + part, 0),
        );
      }),
    );
  });

  it('splits every document into net and tax that add up to its gross, in every mode', () => {
    fc.assert(
      fc.property(terms, cents, (taxTerms, net) => {
        const charged = chargedTotalOf(taxTerms, net);
        const amounts = documentAmounts(taxTerms, charged, charged - net);
        expect(amounts.netCents + amounts.taxCents).toBe(amounts.grossCents);
        expect(amounts.grossCents).toBe(charged);
        expect(amounts.taxCents).toBeGreaterThanOrEqual(0);
        if (taxTerms.mode === 'added') expect(amounts.netCents).toBe(net);
        if (taxTerms.mode === 'reverse-charge') expect(amounts.taxCents).toBe(0);
        if (taxTerms.mode === 'included') {
          expect(amounts.taxCents).toBe(taxWithin(charged, taxTerms.rateBasisPoints));
        }
      }),
    );
  });

  it("gives a line's tax back with its parts: however it is split, the parts' tax is the line's", () => {
    fc.assert(
      fc.property(
        rate,
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.array(fc.integer({ min: 1, max: 1_000 }), { minLength: 1, maxLength: 8 }),
        (bp, amount, weights) => {
          const tax = taxOnTop(amount, bp);
          const charge = amount + tax;
          // The charge given back in parts proportional to `weights`, the last taking the rest.
          const whole = weights.reduce((sum, weight) => sum + weight, 0);
          let givenBefore = 0;
          let taxBack = 0;
          weights.forEach((weight, index) => {
            const last = index === weights.length - 1;
            const given = last ? charge - givenBefore : Math.floor((charge * weight) / whole);
            const part = addedTaxOfPart(charge, tax, givenBefore, given);
            expect(part).toBeGreaterThanOrEqual(0);
            expect(part).toBeLessThanOrEqual(given);
            taxBack += part;
            givenBefore += given;
          });
          expect(taxBack).toBe(tax);
        },
      ),
    );
  });
});
