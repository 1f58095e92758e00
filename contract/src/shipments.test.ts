import { describe, expect, it } from 'vitest';
import { trackingUrl } from './shipments.ts';

describe('trackingUrl: the carrier tracking page of a parcel', () => {
  it('links the carriers we know, by their name in any case, spaces and dots ignored', () => {
    expect(trackingUrl('U.P.S.', '1Z 999')).toBe('https://www.ups.com/track?tracknum=1Z%20999');
    expect(trackingUrl('Royal Mail', 'AB123')).toBe(
      'https://www.royalmail.com/track-your-item#/tracking-results/AB123',
    );
  });

  it('links nothing for another carrier, or without a carrier or a number', () => {
    expect(trackingUrl('Pony Express', '42')).toBeNull();
    expect(trackingUrl(null, '42')).toBeNull();
    expect(trackingUrl('UPS', null)).toBeNull();
  });

  it("never takes an object's own properties for a carrier", () => {
    for (const carrier of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      expect(trackingUrl(carrier, '42')).toBeNull();
    }
  });
});
