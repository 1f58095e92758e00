import { expect } from 'vitest';
import {
  AcceptQuoteRequestResponseSchema,
  ManagedQuoteRequestListSchema,
  ManagedQuoteRequestSchema,
  QuoteRequestListSchema,
  QuoteRequestSchema,
  type AcceptQuoteRequestResponse,
  type ManagedQuoteRequest,
  type QuoteRequest,
} from '@tools-factory/contract';
import type { App } from '../app.ts';
import { injectAs } from './requests.ts';
import { QUOTE_DELIVERY } from './quotes.ts';

type Sender = { token: string };

/** The answer is 200, parsed by `schema`. */
function ok<T>(
  response: { statusCode: number; body: string; json(): unknown },
  schema: { parse(value: unknown): T },
): T {
  expect(response.statusCode, response.body).toBe(200);
  return schema.parse(response.json());
}

/** POST /api/quoteRequests by `account`: every line of its cart, needed by the end of 2099. */
export function postQuoteRequestFromCart(
  app: App,
  account: Sender,
  overrides: Record<string, unknown> = {},
) {
  return injectAs(app, account, {
    method: 'POST',
    url: '/api/quoteRequests',
    payload: { neededBy: '2099-12-31', note: 'All in one delivery', ...overrides },
  });
}

/** A request of every line of `account`'s cart (200 expected). */
export async function requestQuoteFromCart(
  app: App,
  account: Sender,
  overrides: Record<string, unknown> = {},
): Promise<QuoteRequest> {
  return ok(await postQuoteRequestFromCart(app, account, overrides), QuoteRequestSchema);
}

/** Each line of `request` at the unit price `priceOf(line's tool id)`, as an offer names them. */
export function pricesOfLines(
  request: Pick<QuoteRequest, 'lines'>,
  priceOf: (toolId: string) => number,
): { quoteId: string; price: number }[] {
  return request.lines.map((line) => ({ quoteId: line._id, price: priceOf(line.toolId) }));
}

/** POST /api/manageQuoteRequests/{id}/offer by `admin`. */
export function postRequestOffer(app: App, admin: Sender, requestId: string, offer: object) {
  return injectAs(app, admin, {
    method: 'POST',
    url: `/api/manageQuoteRequests/${requestId}/offer`,
    payload: offer,
  });
}

/** An offer of a unit price per line, made by `admin` (200 expected). */
export async function offerQuoteRequest(
  app: App,
  admin: Sender,
  requestId: string,
  offer: { lines: { quoteId: string; price: number }[]; validUntil: string; note?: string },
): Promise<ManagedQuoteRequest> {
  return ok(await postRequestOffer(app, admin, requestId, offer), ManagedQuoteRequestSchema);
}

/** POST /api/quoteRequests/{id}/accept by `account`, at the prices it saw, to QUOTE_DELIVERY. */
export function postRequestAccept(
  app: App,
  account: Sender,
  requestId: string,
  lines: { quoteId: string; price: number }[],
  overrides: Record<string, unknown> = {},
) {
  return injectAs(app, account, {
    method: 'POST',
    url: `/api/quoteRequests/${requestId}/accept`,
    payload: { lines, ...QUOTE_DELIVERY, ...overrides },
  });
}

/** An offer accepted (200 expected): the request, its checkout and the checkout's orders. */
export async function acceptQuoteRequest(
  app: App,
  account: Sender,
  request: Pick<QuoteRequest, '_id' | 'lines'>,
  overrides: Record<string, unknown> = {},
): Promise<AcceptQuoteRequestResponse> {
  const lines = request.lines.map((line) => ({ quoteId: line._id, price: line.offer?.price ?? 0 }));
  return ok(
    await postRequestAccept(app, account, request._id, lines, overrides),
    AcceptQuoteRequestResponseSchema,
  );
}

/** POST /api/quoteRequests/{id}/decline by `account`. */
export function postRequestDecline(app: App, account: Sender, requestId: string) {
  return injectAs(app, account, { method: 'POST', url: `/api/quoteRequests/${requestId}/decline` });
}

/** POST /api/manageQuoteRequests/{id}/decline by `admin`, with a reason. */
export function postRequestRefusal(app: App, admin: Sender, requestId: string, reason: string) {
  return injectAs(app, admin, {
    method: 'POST',
    url: `/api/manageQuoteRequests/${requestId}/decline`,
    payload: { reason },
  });
}

/** The caller's requests, GET /api/quoteRequests. */
export async function listOwnQuoteRequests(app: App, account: Sender): Promise<QuoteRequest[]> {
  return ok(await injectAs(app, account, { url: '/api/quoteRequests' }), QuoteRequestListSchema);
}

/** Every request as the admins see it, GET /api/manageQuoteRequests. */
export async function listAllQuoteRequests(
  app: App,
  admin: Sender,
): Promise<ManagedQuoteRequest[]> {
  return ok(
    await injectAs(app, admin, { url: '/api/manageQuoteRequests' }),
    ManagedQuoteRequestListSchema,
  );
}
