import { createHash } from 'node:crypto';
import { serverTexts, type PlaceOrderInput } from '@tools-factory/contract';
import { HttpError } from '../../http-errors.ts';
import type { OrderRow } from './orders.repository.ts';

/**
 * POST /order's Idempotency-Key (docs/architecture.md#orders): the key the client sent, and a
 * digest of the order it asked for; the order that key placed is answered again, the same key with
 * other details is refused.
 */
export type IdempotentRequest = { idempotencyKey: string; digest: string };

/**
 * What an Idempotency-Key stands for: the order's details as the server read them (trimmed,
 * e-mail in lower case), so a retry of the same order matches whatever its JSON's key order.
 */
export function requestDigest(input: PlaceOrderInput): string {
  const details = [
    input.toolId?.toLowerCase() ?? null,
    input.name,
    input.quantity,
    input.address,
    input.phone,
    input.email.trim().toLowerCase(),
    input.price ?? null,
  ];
  return createHash('sha256').update(JSON.stringify(details)).digest('base64url');
}

/** The request's key and digest; undefined when it came without a key. */
export function idempotentRequest(
  input: PlaceOrderInput,
  idempotencyKey: string | undefined,
): IdempotentRequest | undefined {
  return idempotencyKey === undefined
    ? undefined
    : { idempotencyKey, digest: requestDigest(input) };
}

/**
 * The order to answer a request whose Idempotency-Key placed `earlier`: that order again, as it
 * stands now; or 422 when this request's details are not the ones that key was used for.
 */
export function replayOf(earlier: OrderRow, request: IdempotentRequest): OrderRow {
  if (earlier.requestDigest !== request.digest) {
    throw new HttpError(422, serverTexts.orderErrors.idempotencyKeyReused);
  }
  return earlier;
}
