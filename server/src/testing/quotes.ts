import { expect } from 'vitest';
import {
  AcceptQuoteResponseSchema,
  ManagedQuoteSchema,
  QuoteSchema,
  type AcceptQuoteResponse,
  type ManagedQuote,
  type Quote,
} from '@tools-factory/contract';
import type { App } from '../app.ts';
import type { ToolRow } from '../modules/tools/tools.repository.ts';
import { createTestTool } from './factories.ts';
import { injectAs } from './requests.ts';

type Sender = { token: string };

/** POST /api/quotes by `account` for `toolId`: 250 units, needed by the end of 2099. */
export function postQuoteRequest(
  app: App,
  account: Sender,
  toolId: string,
  overrides: Record<string, unknown> = {},
) {
  return injectAs(app, account, {
    method: 'POST',
    url: '/api/quotes',
    payload: { toolId, quantity: 250, neededBy: '2099-12-31', note: 'Boxed by 50', ...overrides },
  });
}

/** POST /api/manageQuotes/{id}/offer by `admin`. */
export function postOffer(
  app: App,
  admin: Sender,
  quoteId: string,
  offer: { price: unknown; validUntil: unknown; note?: unknown },
) {
  return injectAs(app, admin, {
    method: 'POST',
    url: `/api/manageQuotes/${quoteId}/offer`,
    payload: offer,
  });
}

/** Where the test orders of accepted quotes go, as the accept dialog sends it. */
export const QUOTE_DELIVERY = { address: '3 Anvil Yard, Leeds', phone: '0113 496 0000' };

/**
 * The body of POST /api/quotes/{id}/accept: the unit price the customer saw and QUOTE_DELIVERY;
 * `overrides` change or add fields (an undefined one is left out).
 */
export function acceptFields(
  price: unknown,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return { price, ...QUOTE_DELIVERY, ...overrides };
}

/** POST /api/quotes/{id}/accept by `account`, at the unit price it saw (see acceptFields). */
export function postAccept(
  app: App,
  account: Sender,
  quoteId: string,
  price: unknown,
  overrides: Record<string, unknown> = {},
) {
  return injectAs(app, account, {
    method: 'POST',
    url: `/api/quotes/${quoteId}/accept`,
    payload: acceptFields(price, overrides),
  });
}

/** POST /api/quotes/{id}/decline by `account`. */
export function postDecline(app: App, account: Sender, quoteId: string) {
  return injectAs(app, account, { method: 'POST', url: `/api/quotes/${quoteId}/decline` });
}

/** POST /api/manageQuotes/{id}/decline by `admin`, with a reason. */
export function postRefusal(app: App, admin: Sender, quoteId: string, reason = 'Not this year.') {
  return injectAs(app, admin, {
    method: 'POST',
    url: `/api/manageQuotes/${quoteId}/decline`,
    payload: { reason },
  });
}

function ok<T>(
  response: { statusCode: number; body: string; json(): unknown },
  schema: {
    parse(value: unknown): T;
  },
): T {
  expect(response.statusCode, response.body).toBe(200);
  return schema.parse(response.json());
}

/** A quote requested by `account` (200 expected). */
export async function requestQuote(
  app: App,
  account: Sender,
  toolId: string,
  overrides: Record<string, unknown> = {},
): Promise<Quote> {
  return ok(await postQuoteRequest(app, account, toolId, overrides), QuoteSchema);
}

/** An offer made by `admin` (200 expected). */
export async function offerQuote(
  app: App,
  admin: Sender,
  quoteId: string,
  offer: { price: number; validUntil: string; note?: string },
): Promise<ManagedQuote> {
  return ok(await postOffer(app, admin, quoteId, offer), ManagedQuoteSchema);
}

/** The last day of the offers the tests make, far enough ahead never to pass. */
export const OFFER_VALID_UNTIL = '2099-12-31';

/**
 * A quote of `quantity` units of `toolId` requested by `customer` and offered by `admin` at
 * `price` until OFFER_VALID_UNTIL (both 200 expected): the quote as requested.
 */
export async function offeredQuote(
  app: App,
  { customer, admin }: { customer: Sender; admin: Sender },
  toolId: string,
  { quantity, price }: { quantity: number; price: number },
): Promise<Quote> {
  const quote = await requestQuote(app, customer, toolId, { quantity });
  await offerQuote(app, admin, quote._id, { price, validUntil: OFFER_VALID_UNTIL });
  return quote;
}

/**
 * As offeredQuote, for a new tool (minimum 10, 1000 in stock) made for it: the tool and the
 * quote.
 */
export async function offeredQuoteOfNewTool(
  app: App,
  accounts: { customer: Sender; admin: Sender },
  terms: { quantity: number; price: number },
): Promise<{ tool: ToolRow; quote: Quote }> {
  const tool = await createTestTool(app, { minOrderQuantity: 10, availableQuantity: 1000 });
  return { tool, quote: await offeredQuote(app, accounts, tool.id, terms) };
}

/** An offer accepted by `account` (200 expected): the quote and the order it placed. */
export async function acceptQuote(
  app: App,
  account: Sender,
  quoteId: string,
  price: number,
): Promise<AcceptQuoteResponse> {
  return ok(await postAccept(app, account, quoteId, price), AcceptQuoteResponseSchema);
}

/** The caller's quotes, GET /api/quotes. */
export async function listOwnQuotes(app: App, account: Sender): Promise<Quote[]> {
  return ok(await injectAs(app, account, { url: '/api/quotes' }), QuoteSchema.array());
}

/** Every quote as the admins see it, GET /api/manageQuotes. */
export async function listAllQuotes(app: App, admin: Sender): Promise<ManagedQuote[]> {
  return ok(await injectAs(app, admin, { url: '/api/manageQuotes' }), ManagedQuoteSchema.array());
}
