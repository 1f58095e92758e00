import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cheaperShippingAbove, shippingChargeOf, type ShippingRates } from './shipping.ts';

const BANDS: ShippingRates = {
  kind: 'charged',
  bands: [
    { from: 0, charge: 40 },
    { from: 1000, charge: 20 },
    { from: 5000, charge: 0 },
  ],
};

describe('shippingChargeOf', () => {
  it('charges the band the goods reach, its first cent included', () => {
    expect(shippingChargeOf(BANDS, 0)).toBe(4000);
    expect(shippingChargeOf(BANDS, 99_999)).toBe(4000);
    expect(shippingChargeOf(BANDS, 100_000)).toBe(2000);
    expect(shippingChargeOf(BANDS, 499_999)).toBe(2000);
    expect(shippingChargeOf(BANDS, 500_000)).toBe(0);
  });

  it('is null when shipping is quoted after ordering', () => {
    expect(shippingChargeOf({ kind: 'quoted' }, 12_345)).toBeNull();
    expect(cheaperShippingAbove({ kind: 'quoted' }, 12_345)).toBeNull();
  });

  it('tells how much more goods reach the next cheaper band, and nothing past the last', () => {
    expect(cheaperShippingAbove(BANDS, 80_000)).toEqual({ moreCents: 20_000, chargeCents: 2000 });
    expect(cheaperShippingAbove(BANDS, 100_000)).toEqual({ moreCents: 400_000, chargeCents: 0 });
    expect(cheaperShippingAbove(BANDS, 500_000)).toBeNull();
  });

  it('never charges more for more goods when the bands fall, and the nudge is right', () => {
    fc.assert(
      fc.property(fc.nat({ max: 10_000_000 }), fc.nat({ max: 10_000_000 }), (a, b) => {
        const [less, more] = a <= b ? [a, b] : [b, a];
        expect(shippingChargeOf(BANDS, more)!).toBeLessThanOrEqual(shippingChargeOf(BANDS, less)!);
        const next = cheaperShippingAbove(BANDS, less);
        if (next) {
          expect(shippingChargeOf(BANDS, less + next.moreCents)).toBe(next.chargeCents);
          expect(shippingChargeOf(BANDS, less + next.moreCents - 1)).toBe(
            shippingChargeOf(BANDS, less),
          );
        }
      }),
    );
  });
});
