import { describe, expect, it } from 'vitest';
import { serverTexts, type PlaceOrderInput } from '@tools-factory/contract';
import { HttpError } from '../../http-errors.ts';
import { idempotentRequest, replayOf, requestDigest } from './order-idempotency.ts';
import type { OrderRow } from './orders.repository.ts';

const INPUT: PlaceOrderInput = {
  toolId: '3F2A9C1B-0000-4000-8000-000000000001',
  name: 'Claw hammer',
  address: '1 Main Street',
  phone: '',
  quantity: 101,
  email: 'Customer@Example.com ',
};

describe("the Idempotency-Key's digest and replay (order-idempotency.ts)", () => {
  it('reads the same order the same way whatever the case of its ids and e-mail', () => {
    const same: PlaceOrderInput = {
      email: 'customer@example.com',
      quantity: 101,
      phone: '',
      address: '1 Main Street',
      name: 'Claw hammer',
      toolId: INPUT.toolId?.toLowerCase(),
    };
    expect(requestDigest(same)).toBe(requestDigest(INPUT));
    expect(requestDigest({ ...INPUT, quantity: 102 })).not.toBe(requestDigest(INPUT));
    expect(requestDigest({ ...INPUT, price: 19.99 })).not.toBe(requestDigest(INPUT));
  });

  it('has no key to match without an Idempotency-Key', () => {
    expect(idempotentRequest(INPUT, undefined)).toBeUndefined();
    expect(idempotentRequest(INPUT, 'key-12345678')).toEqual({
      idempotencyKey: 'key-12345678',
      digest: requestDigest(INPUT),
    });
  });

  it('answers the earlier order for the same details, 422 for others', () => {
    const request = { idempotencyKey: 'key-12345678', digest: requestDigest(INPUT) };
    const earlier = { id: 'order-1', requestDigest: request.digest } as OrderRow;
    expect(replayOf(earlier, request)).toBe(earlier);
    const other = { ...earlier, requestDigest: 'another' };
    const refusal = (() => {
      try {
        replayOf(other, request);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(HttpError);
    expect(refusal).toMatchObject({
      statusCode: 422,
      message: serverTexts.orderErrors.idempotencyKeyReused,
    });
  });
});
