import {
  AddCartLinesResponseSchema,
  AcceptQuoteResponseSchema,
  API_BASE,
  apiPaths,
  CheckoutResponseSchema,
  ConfirmTestCardResponseSchema,
  CreateToolResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  orderTotal,
  PaymentIntentResponseSchema,
  PlaceOrderResponseSchema,
  QuoteSchema,
  UpsertUserResponseSchema,
  type AcceptQuoteInput,
  type Checkout,
  type OfferQuoteInput,
  type Order,
  type Quote,
  type RequestQuoteInput,
  type Tool,
} from '@tools-factory/contract';
import { randomUUID } from 'node:crypto';
import { expect, type Browser, type Page } from '@playwright/test';
import { E2E_PASSWORD, uniqueEmail } from './accounts.ts';
import { signInAsAdmin } from './admin.ts';
import { PAYING_CARD } from './card-payment.ts';
import { waitForHydrationAfterLoads } from './fixtures.ts';

/**
 * Steps a journey takes through the API rather than the pages it is not about, each with the
 * token of the account the page is signed in as.
 */

/** The Authorization header of the account this page is signed in as. */
export async function bearerOf(page: Page): Promise<{ authorization: string }> {
  return {
    authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('accessToken'))}`,
  };
}

/**
 * A call of the API as the account this page is signed in as, a JSON body when given; fails the
 * test on any answer but a 2xx. Resolves to the answer's JSON.
 */
export async function callAs(
  page: Page,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  data?: object,
): Promise<unknown> {
  const response = await page.request.fetch(`${API_BASE}${path}`, {
    method,
    headers: await bearerOf(page),
    ...(data ? { data } : {}),
  });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json() as Promise<unknown>;
}

/** What a journey's admin says of a tool it adds. */
export type NewTool = {
  name: string;
  desc: string;
  price: number;
  minOrderQuantity: number;
  availableQuantity: number;
  /** Else the server makes one up. */
  sku?: string;
};

/** A new tool on sale (the claw hammer's picture), added with this page's token: an admin's. */
export async function addToolAsAdmin(page: Page, tool: NewTool): Promise<Tool> {
  const response = await page.request.post(`${API_BASE}${apiPaths.addTool}`, {
    headers: await bearerOf(page),
    data: { ...tool, img: '/images/tools/claw-hammer.svg' },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return CreateToolResponseSchema.parse(await response.json()).tool;
}

/**
 * Tools of the journey's own (their stock is nobody else's), added one after the other with this
 * page's token (an admin's): each name ends in the screen's width and a random suffix.
 */
export async function addOwnTools<const T extends readonly NewTool[]>(
  page: Page,
  viewport: { width: number },
  tools: T,
): Promise<{ -readonly [K in keyof T]: Tool }> {
  const unique = `${viewport.width}-${randomUUID().slice(0, 6)}`;
  const added: Tool[] = [];
  for (const tool of tools) {
    added.push(await addToolAsAdmin(page, { ...tool, name: `${tool.name} ${unique}` }));
  }
  // One tool for each asked for, in their order: what the tuple type says.
  return added as { -readonly [K in keyof T]: Tool };
}

/** addOwnTools by the admin in a browser of its own, closed after: for a customer's journey. */
export async function addOwnToolsAside<const T extends readonly NewTool[]>(
  browser: Browser,
  viewport: { width: number; height: number },
  tools: T,
): Promise<{ -readonly [K in keyof T]: Tool }> {
  const context = await browser.newContext({ viewport });
  try {
    const page = await context.newPage();
    waitForHydrationAfterLoads(page);
    await signInAsAdmin(page);
    return await addOwnTools(page, viewport, tools);
  } finally {
    await context.close();
  }
}

/** An unpaid order placed with this page's token, for `email` (its account's). */
export async function placeOrderAs(
  page: Page,
  order: { email: string; tool: Tool; quantity: number; address: string },
): Promise<Order> {
  const { email, tool, quantity, address } = order;
  const response = await page.request.post(`${API_BASE}${apiPaths.order}`, {
    headers: await bearerOf(page),
    data: { toolId: tool._id, name: tool.name, email, quantity, address },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return PlaceOrderResponseSchema.parse(await response.json()).order;
}

/** Puts the lines in this page's account's cart and checks it out, through the API. */
export async function checkOutAs(
  page: Page,
  lines: { tool: Tool; quantity: number }[],
  shipping: { address: string; poNumber: string; payment?: 'card' | 'account' },
): Promise<Checkout> {
  const headers = await bearerOf(page);
  const added = await page.request.post(`${API_BASE}${apiPaths.cartLines}`, {
    headers,
    data: { lines: lines.map(({ tool, quantity }) => ({ toolId: tool._id, quantity })) },
  });
  expect(added.ok(), await added.text()).toBe(true);
  // Every line in the cart, or the journey would check out fewer lines than it thinks.
  const { results } = AddCartLinesResponseSchema.parse(await added.json());
  expect(results.map((result) => result.message ?? result.outcome)).toEqual(
    lines.map(() => 'added'),
  );
  const placed = await page.request.post(`${API_BASE}${apiPaths.checkout}`, {
    headers: { ...headers, [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    data: shipping,
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return CheckoutResponseSchema.parse(await placed.json()).checkout;
}

/**
 * Pays a payment intent (its client secret) with the test gateway's card that pays, then records
 * the payment on the order (for a checkout, on any of its lines), with this page's token.
 */
async function payIntentByCard(page: Page, clientSecret: string, orderId: string): Promise<void> {
  const headers = await bearerOf(page);
  const confirmed = await page.request.post(`${API_BASE}${apiPaths.confirmTestCard}`, {
    headers,
    data: { clientSecret, cardNumber: PAYING_CARD, expiry: '12 / 39', cvc: '123' },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  const { transectionId } = ConfirmTestCardResponseSchema.parse(await confirmed.json());
  const recorded = await page.request.patch(`${API_BASE}${apiPaths.recordPayment(orderId)}`, {
    headers,
    data: { order: orderId, transectionId },
  });
  expect(recorded.status(), await recorded.text()).toBe(200);
}

/** A payment intent asked for, answered with its client secret. */
async function paymentIntent(page: Page, path: string, data: object): Promise<string> {
  const intent = await page.request.post(`${API_BASE}${path}`, {
    headers: await bearerOf(page),
    data,
  });
  expect(intent.ok(), await intent.text()).toBe(true);
  return PaymentIntentResponseSchema.parse(await intent.json()).clientSecret;
}

/** Pays the order by card through the API (the test gateway), with this page's token. */
export async function payOrderByCard(page: Page, order: Order): Promise<void> {
  const totalPrice = orderTotal(order.price, order.quantity);
  const secret = await paymentIntent(page, apiPaths.createPaymentIntent, {
    orderId: order._id,
    totalPrice,
  });
  await payIntentByCard(page, secret, order._id);
}

/** Pays the whole checkout by card through the API (recorded on its first line). */
export async function payCheckoutByCard(page: Page, checkout: Checkout): Promise<void> {
  const secret = await paymentIntent(page, apiPaths.checkoutPaymentIntent(checkout._id), {});
  const [line] = checkout.lines;
  if (!line) throw new Error(`checkout ${checkout.reference} has no line`);
  await payIntentByCard(page, secret, line._id);
}

/**
 * A new customer signed up through the identity API in this page's browser (the session's cookie
 * lands in its context), with the access token kept where the app keeps it: the page is signed
 * in as they would be after the sign-up form, without the form (its own journeys show it). Ends
 * on a page of the site's origin that runs no script of the app; answers the account's e-mail.
 */
export async function signUpThroughApi(page: Page, name: string): Promise<string> {
  const email = uniqueEmail(name.toLowerCase().split(' ')[0]);
  await page.goto(`${API_BASE}${apiPaths.health}`);
  const origin = new URL(page.url()).origin;
  const signUp = await page.request.post(`${API_BASE}/auth/sign-up/email`, {
    headers: { origin },
    data: { email, password: E2E_PASSWORD, name },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  // The last step of every sign-in, as the app takes it (PUT /user, by the session's cookie).
  const upserted = await page.request.put(`${API_BASE}${apiPaths.user(email)}`, {
    headers: { origin },
    data: { email, name },
  });
  expect(upserted.ok(), await upserted.text()).toBe(true);
  const { token } = UpsertUserResponseSchema.parse(await upserted.json());
  await page.evaluate((saved) => localStorage.setItem('accessToken', saved), token);
  return email;
}

/** A quote asked for with this page's token (a customer's). */
export async function requestQuoteAs(page: Page, request: RequestQuoteInput): Promise<Quote> {
  const response = await page.request.post(`${API_BASE}${apiPaths.quotes}`, {
    headers: await bearerOf(page),
    data: request,
  });
  expect(response.ok(), await response.text()).toBe(true);
  return QuoteSchema.parse(await response.json());
}

/** The admin, in a browser of their own (closed after), offers a price for the quote. */
export async function offerQuoteAside(
  browser: Browser,
  viewport: { width: number; height: number },
  quote: Quote,
  offer: OfferQuoteInput,
): Promise<void> {
  const context = await browser.newContext({ viewport });
  try {
    const page = await context.newPage();
    waitForHydrationAfterLoads(page);
    await signInAsAdmin(page);
    const response = await page.request.post(`${API_BASE}${apiPaths.offerQuote(quote._id)}`, {
      headers: await bearerOf(page),
      data: offer,
    });
    expect(response.ok(), await response.text()).toBe(true);
  } finally {
    await context.close();
  }
}

/** The quote's offer accepted with this page's token (its customer's): the order it placed. */
export async function acceptQuoteAs(
  page: Page,
  quote: Quote,
  acceptance: AcceptQuoteInput,
): Promise<Order> {
  const response = await page.request.post(`${API_BASE}${apiPaths.acceptQuote(quote._id)}`, {
    headers: await bearerOf(page),
    data: acceptance,
  });
  expect(response.ok(), await response.text()).toBe(true);
  return AcceptQuoteResponseSchema.parse(await response.json()).order;
}
