import { ErrorBodySchema } from '@tools-factory/contract';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { App } from '../app.ts';
import { bearer, identityHeaders } from './accounts.ts';

/** Who sends a request: an account's access token, or nobody (no Authorization header). */
type Sender = { token: string } | undefined;

/** The app's answer to `request`, sent with the sender's access token when there is one. */
export function injectAs(app: App, sender: Sender, request: InjectOptions) {
  return app.inject({
    ...request,
    headers: { ...request.headers, ...(sender ? bearer(sender.token) : {}) },
  });
}

/** POST `payload` as JSON to `url`, as the sender. */
export function postAs(app: App, sender: Sender, url: string, payload: unknown) {
  return injectAs(app, sender, { method: 'POST', url, payload: payload as object });
}

/** POST to a Better Auth endpoint (`path` under /api/auth), as the web app sends it. */
export function postIdentity(app: App, path: string, payload: object, cookie?: string) {
  return app.inject({
    method: 'POST',
    url: `/api/auth${path}`,
    headers: identityHeaders(app, cookie),
    payload,
  });
}

/**
 * The body of POST /api/order for `account` and `tool`, as the order form sends it (without a
 * phone, which is optional); `overrides` change or add fields.
 */
export function orderFields(
  account: { email: string },
  tool: { id: string; name: string },
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    toolId: tool.id,
    name: tool.name,
    address: '12 Forge Lane, Sheffield',
    quantity: 25,
    email: account.email,
    ...overrides,
  };
}

/** POST /api/order by `account` (see orderFields); the answer as it comes. */
export function postOrder(
  app: App,
  account: { email: string; token: string },
  tool: { id: string; name: string },
  overrides: Record<string, unknown> = {},
) {
  return injectAs(app, account, {
    method: 'POST',
    url: '/api/order',
    payload: orderFields(account, tool, overrides),
  });
}

/** The answer is an error in the API shape: this status, this message. */
export function expectError(
  response: { statusCode: number; json(): unknown },
  status: number,
  message: string,
): void {
  expect(response.statusCode).toBe(status);
  // A form's 400 lists its fields' problems too (`fieldErrors`): the message is the first.
  const { message: answered, statusCode } = ErrorBodySchema.parse(response.json());
  expect({ message: answered, statusCode }).toEqual({ message, statusCode: status });
}
