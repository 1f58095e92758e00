import { describe, expect } from 'vitest';
import {
  ContactMessageResponseSchema,
  ManagedMessageListSchema,
  texts,
} from '@tools-factory/contract';
import { signUpTestAccount } from '../../testing/accounts.ts';
import { readOutbox } from '../../testing/mail.ts';
import { expectError, injectAs } from '../../testing/requests.ts';
import type { App } from '../../app.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { CONTACT_WINDOW_MS } from './contact.routes.ts';
import { contactMessages } from './contact.table.ts';

const MESSAGES_PER_WINDOW = 3;

const it = appTest({
  config: { contactRateLimit: MESSAGES_PER_WINDOW },
  adminName: 'Shop Owner',
  customerName: 'Plain Customer',
})
  // The shop's owner: the admin of ADMIN_EMAILS.
  .extend('owner', { scope: 'file' }, ({ admin }) => admin);

describe('the contact form: POST /api/contact, GET /api/manageMessages', () => {
  /** Each test sends from its own client address, so the per-client limit stays its own. */
  let nextClient = 1;
  const newClient = () => `198.51.100.${nextClient++}`;

  function send(app: App, payload: Record<string, unknown>, remoteAddress = newClient()) {
    return app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress });
  }

  async function storedMessages(app: App): Promise<number> {
    return (await app.database.db.select().from(contactMessages)).length;
  }

  const visitorMessage = {
    name: 'Vera Visitor',
    email: 'vera.visitor@example.com',
    message: 'Do you make 2 kg sledgehammers for a quarry?',
  };

  it('stores the message, lists it for admins newest first, and e-mails the staff (ADMIN_EMAILS and opted-in admins), never the address typed', async ({
    app,
    owner,
  }) => {
    // An admin made by role (Make Admin), beside the ADMIN_EMAILS owner: no staff e-mails
    // until they turn them on (issue 25).
    const promoted = await signUpTestAccount(app, { name: 'Promoted Admin' });
    const makeAdmin = await injectAs(app, owner, {
      method: 'PUT',
      url: `/api/user/admin/${encodeURIComponent(promoted.email)}`,
    });
    expect(makeAdmin.statusCode, makeAdmin.body).toBe(200);

    const older = await send(app, { ...visitorMessage, message: 'An earlier question.' });
    expect(older.statusCode, older.body).toBe(200);
    const optIn = await injectAs(app, promoted, {
      method: 'PUT',
      url: '/api/manageNotifications',
      payload: { enabled: true },
    });
    expect(optIn.statusCode, optIn.body).toBe(200);
    const response = await send(app, visitorMessage);
    expect(response.statusCode, response.body).toBe(200);
    const { acknowledged, insertedId } = ContactMessageResponseSchema.parse(response.json());
    expect(acknowledged).toBe(true);

    const listed = ManagedMessageListSchema.parse(
      (await injectAs(app, owner, { url: '/api/manageMessages' })).json(),
    );
    expect(listed[0]).toMatchObject({ _id: insertedId, ...visitorMessage });
    expect(listed[1]?.message).toBe('An earlier question.');
    expect(Date.parse(listed[0]!.createdAt)).not.toBeNaN();

    await app.outbox.idle();
    const outbox = await readOutbox(app);
    const recipientsOf = (text: string) =>
      outbox
        .filter((mail) => mail.text?.includes(text))
        .map((mail) => mail.headers.to?.toLowerCase() ?? '');
    // The earlier one: the owner only (the promoted admin had not turned them on).
    const earlier = recipientsOf('An earlier question.');
    expect(earlier).toHaveLength(1);
    expect(earlier[0]).toContain(owner.email);
    const recipients = recipientsOf(visitorMessage.message);
    expect(recipients.some((to) => to.includes(owner.email))).toBe(true);
    expect(recipients.some((to) => to.includes(promoted.email))).toBe(true);
    expect(recipients).toHaveLength(2);
    // Nothing, of any kind, to the address the visitor typed.
    expect(
      outbox.filter((mail) => mail.headers.to?.toLowerCase().includes(visitorMessage.email)),
    ).toEqual([]);
    const toPromoted = outbox.find(
      (mail) =>
        mail.text?.includes(visitorMessage.message) &&
        mail.headers.to?.toLowerCase().includes(promoted.email),
    );
    expect(toPromoted?.text).toContain(visitorMessage.email);
    expect(toPromoted?.text).toMatch(/^Hello Promoted Admin,/);
    expect(toPromoted?.headers.subject).toContain('Vera Visitor');
  });

  it('refuses a missing name, e-mail or message, or a malformed e-mail, in words, and stores nothing', async ({
    app,
  }) => {
    const before = await storedMessages(app);
    const cases: [Record<string, unknown>, string][] = [
      [{}, texts.fieldErrors.required('name')],
      [{ ...visitorMessage, name: '  ' }, texts.fieldErrors.required('name')],
      [{ ...visitorMessage, email: '' }, texts.fieldErrors.required('email')],
      [{ ...visitorMessage, email: 'not an address' }, texts.validation.emailInvalid],
      [{ ...visitorMessage, message: '' }, texts.fieldErrors.required('message')],
      [
        { ...visitorMessage, message: 'x'.repeat(5001) },
        texts.fieldErrors.tooLong('message', 5000),
      ],
    ];
    for (const [payload, message] of cases) {
      expectError(await send(app, payload), 400, message);
    }
    expect(await storedMessages(app)).toBe(before);
  });

  it(`lets one client send ${MESSAGES_PER_WINDOW} messages, then answers 429 in words; another client is not held up`, async ({
    app,
  }) => {
    const client = newClient();
    for (let n = 0; n < MESSAGES_PER_WINDOW; n += 1) {
      expect((await send(app, visitorMessage, client)).statusCode).toBe(200);
    }
    const before = await storedMessages(app);
    const flooding = await send(app, visitorMessage, client);
    expectError(flooding, 429, texts.home.contactTooMany);
    expect(Number(flooding.headers['retry-after'])).toBeLessThanOrEqual(CONTACT_WINDOW_MS / 1000);
    expect(await storedMessages(app)).toBe(before);
    expect((await send(app, visitorMessage)).statusCode).toBe(200);
  });

  it('lists the messages to admins only', async ({ app, customer }) => {
    expect((await app.inject('/api/manageMessages')).statusCode).toBe(401);
    const refused = await injectAs(app, customer, { url: '/api/manageMessages' });
    expectError(refused, 403, texts.identityErrors.adminsOnly);
  });
});
