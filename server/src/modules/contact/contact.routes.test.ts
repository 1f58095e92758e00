import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import {
  ContactMessageResponseSchema,
  ManagedMessageListSchema,
  ManagedMessageSchema,
  serverTexts,
  texts,
} from '@tools-factory/contract';
import { signUpTestAccount, type TestAccount } from '../../testing/accounts.ts';
import { latestOutboxMail, readOutbox } from '../../testing/mail.ts';
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

  it('marks a message read or unread, archives it or moves it back, in words when refused', async ({
    app,
    owner,
    customer,
  }) => {
    const sent = await send(app, { ...visitorMessage, message: 'Is the claw hammer forged?' });
    const { insertedId: id } = ContactMessageResponseSchema.parse(sent.json());
    const patch = (account: TestAccount, payload: object, messageId = id) =>
      injectAs(app, account, { method: 'PATCH', url: `/api/manageMessages/${messageId}`, payload });
    const listed = async () =>
      ManagedMessageListSchema.parse(
        (await injectAs(app, owner, { url: '/api/manageMessages' })).json(),
      ).find((message) => message._id === id);
    expect(await listed()).toMatchObject({ readAt: null, archivedAt: null, replies: [] });

    let answer = await patch(owner, { read: true });
    expect(answer.statusCode, answer.body).toBe(200);
    const read = ManagedMessageSchema.parse(answer.json());
    expect(Date.parse(read.readAt ?? '')).not.toBeNaN();
    // Marked read again: the first moment stays.
    answer = await patch(owner, { read: true, archived: true });
    const archived = ManagedMessageSchema.parse(answer.json());
    expect(archived.readAt).toBe(read.readAt);
    expect(Date.parse(archived.archivedAt ?? '')).not.toBeNaN();
    expect(await listed()).toMatchObject({ readAt: read.readAt, archivedAt: archived.archivedAt });
    answer = await patch(owner, { read: false, archived: false });
    expect(ManagedMessageSchema.parse(answer.json())).toMatchObject({
      readAt: null,
      archivedAt: null,
    });

    expectError(await patch(owner, {}), 400, texts.messagesAdmin.stateRequired);
    expect((await patch(owner, { read: 'yes' })).statusCode).toBe(400);
    expect((await patch(owner, { read: true, hidden: true })).statusCode).toBe(400);
    for (const unknown of [randomUUID(), 'nope']) {
      expectError(
        await patch(owner, { read: true }, unknown),
        404,
        texts.messagesAdmin.messageNotFound,
      );
    }
    expectError(await patch(customer, { read: true }), 403, texts.identityErrors.adminsOnly);
    const anonymous = await app.inject({
      method: 'PATCH',
      url: `/api/manageMessages/${id}`,
      payload: { read: true },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await listed()).toMatchObject({ readAt: null, archivedAt: null });
  });

  it('replies by e-mail to the address typed, once, and keeps the reply under the message', async ({
    app,
    owner,
    customer,
  }) => {
    // An address of this test's own: the first test checks nothing ever reaches the shared one.
    const visitor = {
      name: 'Rita Replyto',
      email: `rita.${randomUUID().slice(0, 8)}@example.com`,
      message: 'Can you ship\nto Norway?',
    };
    const sent = await send(app, visitor);
    const { insertedId: id } = ContactMessageResponseSchema.parse(sent.json());
    const reply = (account: TestAccount, payload: object, messageId = id) =>
      injectAs(app, account, {
        method: 'POST',
        url: `/api/manageMessages/${messageId}/reply`,
        payload,
      });
    expectError(await reply(owner, { reply: '  ' }), 400, texts.fieldErrors.required('reply'));
    expectError(await reply(customer, { reply: 'Yes.' }), 403, texts.identityErrors.adminsOnly);
    expectError(
      await reply(owner, { reply: 'Yes.' }, randomUUID()),
      404,
      texts.messagesAdmin.messageNotFound,
    );

    const answer = await reply(owner, { reply: 'Yes: by road, in five days.' });
    expect(answer.statusCode, answer.body).toBe(201);
    const replied = ManagedMessageSchema.parse(answer.json());
    expect(Date.parse(replied.readAt ?? '')).not.toBeNaN();
    expect(replied.replies).toEqual([
      { body: 'Yes: by road, in five days.', sentAt: expect.any(String), by: 'Shop Owner' },
    ]);

    const mail = await latestOutboxMail(app, visitor.email, serverTexts.mail.contactReply.subject);
    expect(mail.text).toMatch(/^Hello Rita Replyto,/);
    expect(mail.text).toContain('Yes: by road, in five days.');
    expect(mail.text).toContain('Can you ship\nto Norway?');
    await app.outbox.idle();
    const toVisitor = (await readOutbox(app)).filter((sentMail) =>
      sentMail.headers.to?.toLowerCase().includes(visitor.email),
    );
    expect(toVisitor).toHaveLength(1);
  });

  it('lists the messages to admins only', async ({ app, customer }) => {
    expect((await app.inject('/api/manageMessages')).statusCode).toBe(401);
    const refused = await injectAs(app, customer, { url: '/api/manageMessages' });
    expectError(refused, 403, texts.identityErrors.adminsOnly);
  });
});
