import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ConfirmTestCardResponseSchema,
  orderTotal,
  PaymentIntentResponseSchema,
  RecordPaymentResponseSchema,
  UpsertUserResponseSchema,
  type Order,
} from '@tools-factory/contract';
import { bearer, type TestAccount } from './accounts.ts';
import { cookiesOfAnswer, expectStatus, type HttpClient } from './http-client.ts';
import { HANG_LIMIT_MS } from './hang-limits.ts';
import { firstLink, parseMail } from './mail.ts';
import { SUCCEEDING_TEST_CARD } from './payments.ts';

/**
 * What testing/accounts.ts and testing/payments.ts do through `inject`, done over HTTP against
 * real server processes (or nginx in front of them): sign up, get the access token, make an
 * ADMIN_EMAILS address an admin through an instance's outbox, pay an order with the test gateway.
 */

/** Where a request goes (an instance, or the load balancer) and the site's public origin. */
export type Site = { url: string; origin: string };

/** An account signed up over HTTP: the same fields as one signed up through `inject`. */
export type HttpAccount = TestAccount;

/** PUT /api/user/{email} with an identity session: the access token and the user's id. */
export async function accessTokenOverHttp(
  client: HttpClient,
  site: Site,
  cookie: string,
  email: string,
): Promise<{ token: string; userId: string }> {
  const answer = expectStatus(
    `PUT /api/user on ${site.url}`,
    await client.request(`${site.url}/api/user/${encodeURIComponent(email)}`, {
      method: 'PUT',
      headers: { origin: site.origin, cookie },
      json: { email },
    }),
  );
  const { token } = UpsertUserResponseSchema.parse(answer.json());
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    sub: string;
  };
  return { token, userId: payload.sub };
}

/** Signs an account up through Better Auth, as the web app does, then gets its access token. */
export async function signUpOverHttp(
  client: HttpClient,
  site: Site,
  account: { email: string; password?: string; name?: string },
): Promise<HttpAccount> {
  const { email, password = 'secret-pass-1', name = 'Test Customer' } = account;
  const signUp = expectStatus(
    `sign-up on ${site.url}`,
    await client.request(`${site.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { origin: site.origin },
      json: { email, password, name },
    }),
  );
  const cookie = cookiesOfAnswer(signUp);
  const { token, userId } = await accessTokenOverHttp(client, site, cookie, email);
  return { email, password, name, cookie, token, userId };
}

/** The link of the newest outbox e-mail to this address whose subject has `subject`. */
async function latestLinkInOutbox(outboxDir: string, to: string, subject: string): Promise<string> {
  const deadline = Date.now() + HANG_LIMIT_MS;
  for (;;) {
    const files = (await readdir(outboxDir).catch(() => [] as string[])).sort().reverse();
    for (const file of files.filter((name) => name.endsWith('.eml'))) {
      const mail = parseMail(await readFile(path.join(outboxDir, file)));
      const recipient = mail.headers.to?.toLowerCase() ?? '';
      if (recipient.includes(to.toLowerCase()) && mail.headers.subject?.includes(subject)) {
        return firstLink(mail.text);
      }
    }
    if (Date.now() > deadline) throw new Error(`no "${subject}" mail in ${outboxDir}`);
    await sleep(50);
  }
}

/** Finds the link of the newest e-mail to `to` whose subject has `subject`. */
export type MailLinkFinder = (to: string, subject: string) => Promise<string>;

/**
 * Signs up an ADMIN_EMAILS address and makes it an admin as its owner would: sign up, set the
 * password through the e-mailed reset link (read from the outbox directory of the instance that
 * sent it, DATA_DIR/outbox, or found by `mail` where the instances send through SMTP; the reset
 * ends the sign-up's session), sign in, get the access token.
 */
export async function signUpAdminOverHttp(
  client: HttpClient,
  site: Site,
  account: { email: string; password?: string; name?: string },
  mail: string | MailLinkFinder,
): Promise<HttpAccount> {
  const latestLink: MailLinkFinder =
    typeof mail === 'string' ? (to, subject) => latestLinkInOutbox(mail, to, subject) : mail;
  const signedUp = await signUpOverHttp(client, site, account);
  const { email, password } = signedUp;
  expectStatus(
    'request-password-reset',
    await client.request(`${site.url}/api/auth/request-password-reset`, {
      method: 'POST',
      headers: { origin: site.origin },
      json: { email, redirectTo: '/reset-password' },
    }),
  );
  const link = new URL(await latestLink(email, 'Reset'));
  const follow = await client.request(`${site.url}${link.pathname}${link.search}`);
  const token = new URL(String(follow.headers.location), site.origin).searchParams.get('token');
  if (!token) throw new Error(`reset link: ${follow.status} ${follow.headers.location}`);
  expectStatus(
    'reset-password',
    await client.request(`${site.url}/api/auth/reset-password`, {
      method: 'POST',
      headers: { origin: site.origin },
      json: { newPassword: password, token },
    }),
  );
  const signIn = expectStatus(
    'sign-in after the reset',
    await client.request(`${site.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin: site.origin },
      json: { email, password },
    }),
  );
  const cookie = cookiesOfAnswer(signIn);
  const { token: accessToken, userId } = await accessTokenOverHttp(client, site, cookie, email);
  return { ...signedUp, cookie, token: accessToken, userId };
}

/**
 * Pays an order with the test gateway as the payment page does: the intent, the card, the
 * record (PATCH /api/tool/{id}). `sites` may name a different instance for each step.
 */
export async function payOrderOverHttp(
  client: HttpClient,
  sites: readonly [Site, Site, Site],
  account: HttpAccount,
  order: Pick<Order, '_id' | 'price' | 'quantity'>,
): Promise<Order> {
  const [intentSite, cardSite, recordSite] = sites;
  const headers = bearer(account.token);
  const intent = expectStatus(
    `create-payment-intent on ${intentSite.url}`,
    await client.request(`${intentSite.url}/api/create-payment-intent`, {
      method: 'POST',
      headers,
      json: { orderId: order._id, totalPrice: orderTotal(order.price, order.quantity) },
    }),
  );
  const { clientSecret } = PaymentIntentResponseSchema.parse(intent.json());
  const confirmed = expectStatus(
    `payments/test/confirm on ${cardSite.url}`,
    await client.request(`${cardSite.url}/api/payments/test/confirm`, {
      method: 'POST',
      headers,
      json: { clientSecret, ...SUCCEEDING_TEST_CARD },
    }),
  );
  const { transectionId } = ConfirmTestCardResponseSchema.parse(confirmed.json());
  const recorded = expectStatus(
    `PATCH /api/tool/{id} on ${recordSite.url}`,
    await client.request(`${recordSite.url}/api/tool/${order._id}`, {
      method: 'PATCH',
      headers,
      json: { order: order._id, transectionId },
    }),
  );
  return RecordPaymentResponseSchema.parse(recorded.json()).order;
}
