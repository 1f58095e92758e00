import { describe, expect } from 'vitest';
import { AdminCheckSchema, texts } from '@tools-factory/contract';
import {
  bearer,
  identityHeaders,
  signInTestAccount,
  signUpTestAccount,
} from '../../testing/accounts.ts';
import { expectError } from '../../testing/requests.ts';
import { it } from '../../testing/app-fixtures.ts';

/**
 * Business addresses (issue 22 item 18): the spec's letters-only pattern refused these with
 * 'Please provide a valid Email'. Every e-mail check of the API takes them now, lower-cased.
 */
describe('business e-mail addresses through the API', () => {
  it('signs up, signs in, gets its token and is found by the e-mail in a path, in any case', async ({
    app,
  }) => {
    for (const email of ['dan@acme-tools.com', 'orders@shop24.de']) {
      const account = await signUpTestAccount(app, { email, name: 'Dan Acme' });
      expect((await app.identity.findByEmail(email))?.id).toBe(account.userId);
      const again = await signInTestAccount(app, {
        email: email.toUpperCase(),
        password: account.password,
      });
      expect(again.userId).toBe(account.userId);
      const response = await app.inject({
        url: `/api/admin/${encodeURIComponent(email.toUpperCase())}`,
        headers: bearer(account.token),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(AdminCheckSchema.parse(response.json())).toEqual({ admin: false });
      const orders = await app.inject({
        url: `/api/orders?email=${encodeURIComponent(email.toUpperCase())}`,
        headers: bearer(account.token),
      });
      expect(orders.statusCode, orders.body).toBe(200);
    }
  });

  it("refuses what no mail server takes with the spec's message, in a body and in a path", async ({
    app,
  }) => {
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: identityHeaders(app),
      payload: { email: 'dan@acme-tools', password: 'anvil-ledger-42', name: 'Dan' },
    });
    expectError(signUp, 400, texts.validation.emailInvalid);
    const account = await signUpTestAccount(app);
    expectError(
      await app.inject({ url: '/api/admin/dan%40acme..com', headers: bearer(account.token) }),
      400,
      texts.validation.emailInvalid,
    );
    expectError(
      await app.inject({ url: '/api/orders?email=dan%40acme', headers: bearer(account.token) }),
      400,
      texts.validation.emailInvalid,
    );
  });
});
