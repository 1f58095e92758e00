import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { serverTexts } from '@tools-factory/contract';
import { afterEach, describe, expect, vi } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { uniqueEmail } from '../testing/accounts.ts';
import { appTest, closeAtEnd, it, openTestApp } from '../testing/app-fixtures.ts';
import { createTestTool } from '../testing/factories.ts';
import { postOrder } from '../testing/requests.ts';
import { startLocalSmtpServer } from '../testing/smtp.ts';
import { startTcpProxy } from '../testing/tcp-proxy.ts';
import { UNCAPPED_ORDERS } from '../testing/test-config.ts';
import type { MailMessage } from './mailer.ts';
import {
  createOutbox,
  outboxMessageId,
  outboxRetryDelayMs,
  type Outbox,
  type OutboxTiming,
} from './outbox.ts';
import { outboxMessages } from './outbox.table.ts';
import { GREETING_SLOT } from './templates/layout.ts';

const silentLog = { debug() {}, info() {}, warn() {}, error() {} };

/** Waits long enough for a slow, shared machine. */
const patiently = { timeout: 15_000, interval: 50 };

/** A mailer that keeps what it is given (after `delayMs`), and fails while `failing` says so. */
function recordingMailer(delayMs = 0) {
  const sent: MailMessage[] = [];
  return {
    sent,
    /** Sends begun, finished or not. */
    begun: 0,
    failing: false,
    async send(message: MailMessage) {
      this.begun += 1;
      await sleep(delayMs);
      if (this.failing) throw new Error('mail server away (test)');
      sent.push(message);
    },
  };
}

function testMessage(index: number) {
  return {
    message: {
      to: `reader-${index}@example.com`,
      subject: `Message ${index}`,
      text: `Text ${index}`,
      html: `<p>Html ${index}</p>`,
    },
    about: { mail: 'test message', index },
  };
}

const rowsOf = (database: DatabaseHandle) =>
  database.db.select().from(outboxMessages).orderBy(outboxMessages.id);

const orderTest = appTest({ config: UNCAPPED_ORDERS });

const smtpDownTest = appTest()
  // Vitest reads a fixture's dependencies from its first parameter, which must be a pattern.
  // eslint-disable-next-line no-empty-pattern
  .extend('smtp', { scope: 'file' }, async ({}, tools) =>
    closeAtEnd(await startLocalSmtpServer(), tools),
  )
  .extend('proxy', { scope: 'file' }, async ({ smtp }, tools) =>
    closeAtEnd(
      await startTcpProxy({ host: '127.0.0.1', port: Number(new URL(smtp.url).port) }),
      tools,
    ),
  )
  .extend('app', { scope: 'file' }, ({ smtp, proxy }, tools) =>
    openTestApp(
      {
        config: { smtpUrl: proxy.urlFor(smtp.url) },
        outboxTiming: { firstRetryMs: 100, maxRetryMs: 400 },
      },
      tools,
    ),
  );

describe('the outbox: e-mails written with the order, or not at all', () => {
  // An order to this address fails as its transaction commits (a deferred constraint trigger):
  // after the order, its stock and its e-mails were written.
  const failingAddress = 'Fails at commit, 1 Rollback Row';
  orderTest.beforeAll(async ({ app }) => {
    await app.database.db.execute(sql`
      create function fail_marked_orders() returns trigger language plpgsql as $$
      begin
        if new.address = 'Fails at commit, 1 Rollback Row' then
          raise exception 'the order''s transaction fails at commit (test)';
        end if;
        return null;
      end $$`);
    await app.database.db.execute(sql`
      create constraint trigger fail_marked_orders after insert on orders
      deferrable initially deferred for each row execute function fail_marked_orders()`);
  });

  orderTest(
    'an order whose transaction fails leaves no e-mail; one that commits leaves its own',
    async ({ app, customer, adminEmail }) => {
      // 100 in stock, threshold 30: an order of 80 crosses it (a low-stock e-mail to the admin,
      // beside the new order's).
      const tool = await createTestTool(app, { availableQuantity: 100, lowStockThreshold: 30 });
      await app.outbox.idle();
      const before = await rowsOf(app.database);

      const failed = await postOrder(app, customer, tool, {
        quantity: 80,
        address: failingAddress,
      });
      expect(failed.statusCode).toBeGreaterThanOrEqual(500);
      expect(await rowsOf(app.database)).toEqual(before);

      const placed = await postOrder(app, customer, tool, { quantity: 80 });
      expect(placed.statusCode, placed.body).toBe(200);
      const written = (await rowsOf(app.database)).slice(before.length);
      expect(written.map((row) => [row.about.mail, row.to]).sort()).toEqual(
        [
          ['order placed', customer.email],
          ['new order, to staff', adminEmail],
          ['low stock, to staff', adminEmail],
        ].sort(),
      );
      // Delivered, and noted so.
      await app.outbox.idle();
      await vi.waitFor(async () => {
        const rows = (await rowsOf(app.database)).slice(before.length);
        expect(rows.every((row) => row.sentAt !== null && row.attempts === 1)).toBe(true);
      }, patiently);
    },
  );
});

describe('the outbox: an SMTP server that is down', () => {
  smtpDownTest(
    'delays the e-mail, which leaves once, with its Message-ID, when the server is back',
    async ({ app, smtp, proxy }) => {
      proxy.cut('refuse');
      const to = uniqueEmail('patient');
      const { message, about } = testMessage(1);
      await app.outbox.enqueue(app.database.db, { ...message, to }, about);

      // Tried again and again, the reason noted without the address.
      await vi.waitFor(async () => {
        const [row] = await app.database.db
          .select()
          .from(outboxMessages)
          .where(eq(outboxMessages.to, to));
        expect(row?.attempts).toBeGreaterThanOrEqual(3);
        expect(row?.sentAt).toBeNull();
        expect(row?.lastError).toMatch(/ECONNRE|ECONNECTION|closed|reset/i);
        expect(row?.lastError).not.toContain(to);
      }, patiently);
      expect(smtp.received.filter((mail) => mail.to.includes(to))).toEqual([]);

      proxy.restore();
      const mail = await vi.waitFor(() => {
        const found = smtp.received.find((received) => received.to.includes(to));
        if (!found) throw new Error('not delivered yet');
        return found;
      }, patiently);
      const [row] = await app.database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.to, to));
      expect(mail.headers['message-id']).toBe(outboxMessageId(row?.id ?? 0));
      expect(mail.headers.subject).toBe(message.subject);
      await vi.waitFor(async () => {
        const [noted] = await app.database.db
          .select()
          .from(outboxMessages)
          .where(eq(outboxMessages.to, to));
        expect(noted?.sentAt).not.toBeNull();
        expect(noted?.lastError).toBeNull();
      }, patiently);
      await app.outbox.idle();
      await sleep(500);
      expect(smtp.received.filter((received) => received.to.includes(to))).toHaveLength(1);
    },
  );
});

describe('the outbox: several workers on one database', () => {
  const started: Outbox[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((outbox) => outbox.stop()));
  });

  async function startOutbox(options: {
    handle: DatabaseHandle;
    origin: string;
    mailer: ReturnType<typeof recordingMailer>;
    timing?: Partial<OutboxTiming>;
  }): Promise<Outbox> {
    const outbox = createOutbox({
      database: options.handle,
      mailer: options.mailer,
      renderAttachment: () => Promise.reject(new Error('no attachments here')),
      origin: options.origin,
      log: silentLog,
      timing: { firstRetryMs: 50, maxRetryMs: 200, ...options.timing },
    });
    await outbox.start();
    started.push(outbox);
    return outbox;
  }

  const unsent = async (handle: DatabaseHandle) =>
    (await rowsOf(handle)).filter((row) => row.sentAt === null);

  it('delivers each message once with two workers taking from the same rows', async ({
    database,
  }) => {
    const [one, two] = [await database.connect(), await database.connect()];
    const [mailerOne, mailerTwo] = [recordingMailer(3), recordingMailer(3)];
    // Each takes any due message at once (no handover), whoever wrote it.
    const timing = { handoverMs: 0, batchSize: 5 };
    const first = await startOutbox({ handle: one, origin: 'one', mailer: mailerOne, timing });
    const second = await startOutbox({ handle: two, origin: 'two', mailer: mailerTwo, timing });
    const count = 120;
    for (let index = 0; index < count; index += 10) {
      const mails = Array.from({ length: 10 }, (_, offset) => testMessage(index + offset));
      await (index % 20 === 0 ? first : second).enqueueEach(
        index % 20 === 0 ? one.db : two.db,
        mails,
      );
    }
    await vi.waitFor(async () => expect(await unsent(one)).toEqual([]), patiently);

    const subjects = [...mailerOne.sent, ...mailerTwo.sent].map((mail) => mail.subject);
    expect(subjects).toHaveLength(count);
    expect(new Set(subjects).size).toBe(count);
    // Both took part.
    expect(mailerOne.sent.length).toBeGreaterThan(0);
    expect(mailerTwo.sent.length).toBeGreaterThan(0);
    const rows = await rowsOf(one);
    expect(rows.every((row) => row.attempts === 1 && row.lockedUntil === null)).toBe(true);
    // Each carried its row's Message-ID.
    const ids = new Set([...mailerOne.sent, ...mailerTwo.sent].map((mail) => mail.messageId));
    expect(ids).toEqual(new Set(rows.map((row) => outboxMessageId(row.id))));
  });

  it('delivers a message once the transaction that wrote it commits, without waiting for a poll', async ({
    database,
  }) => {
    const handle = await database.connect();
    const mailer = recordingMailer();
    // No poll within the test: only the commit can wake the worker.
    const outbox = await startOutbox({
      handle,
      origin: 'writer',
      mailer,
      timing: { pollMs: 600_000 },
    });
    await outbox.idle();
    const { message, about } = testMessage(3);
    const rolledBack = handle.db.transaction(async (tx) => {
      await outbox.enqueue(tx, { ...message, subject: 'Rolled back' }, about);
      throw new Error('rolled back (test)');
    });
    await expect(rolledBack).rejects.toThrow('rolled back (test)');
    await handle.db.transaction(async (tx) => {
      await outbox.enqueue(tx, { ...message, subject: 'Committed' }, about);
    });
    await vi.waitFor(() => expect(mailer.sent.map((mail) => mail.subject)).toEqual(['Committed']), {
      timeout: 5_000,
      interval: 20,
    });
  });

  it('renders a message written as a recipe as it leaves, greeted; an unknown kind waits, failed', async ({
    database,
  }) => {
    const handle = await database.connect();
    const mailer = recordingMailer();
    const outbox = await startOutbox({ handle, origin: 'writer', mailer });
    outbox.defineRecipe('test count', (data, to) => ({
      to,
      subject: `Count ${(data as { count: number }).count}`,
      text: `${GREETING_SLOT}\nYou have ${(data as { count: number }).count}.`,
      html: `<p>${GREETING_SLOT}</p>`,
    }));
    expect(() => outbox.defineRecipe('test count', () => testMessage(0).message)).toThrow(
      'the e-mail recipe "test count" is defined twice',
    );
    const recipeRow = (kind: string) => ({
      origin: 'writer',
      to: 'ada@example.com',
      recipe: { kind, data: { count: 7 }, name: 'Ada' },
      about: { mail: kind },
    });
    await handle.db.insert(outboxMessages).values([recipeRow('test count'), recipeRow('unknown')]);

    await vi.waitFor(() => expect(mailer.sent).toHaveLength(1), patiently);
    expect(mailer.sent[0]).toMatchObject({
      to: 'ada@example.com',
      subject: 'Count 7',
      text: `${serverTexts.mail.greeting('Ada')}\nYou have 7.`,
    });
    await vi.waitFor(async () => {
      const unknown = (await rowsOf(handle)).find((row) => row.about.mail === 'unknown');
      expect(unknown).toMatchObject({
        sentAt: null,
        lastError: expect.stringContaining('no module defined the e-mail recipe "unknown"'),
      });
    }, patiently);
    // A row is a message or a recipe of one: the database refuses neither.
    await expect(
      handle.db
        .insert(outboxMessages)
        .values({ origin: 'writer', to: 'ada@example.com', about: { mail: 'none' } }),
    ).rejects.toThrow();
  });

  it("leaves another instance's message to it for the handover, then takes it", async ({
    database,
  }) => {
    const [writerHandle, otherHandle] = [await database.connect(), await database.connect()];
    const writerMailer = recordingMailer();
    const otherMailer = recordingMailer();
    // The writer never delivers (as if it died after its commit).
    writerMailer.failing = true;
    const writer = await startOutbox({
      handle: writerHandle,
      origin: 'writer',
      mailer: writerMailer,
      timing: { handoverMs: 1_500, firstRetryMs: 60_000, maxRetryMs: 60_000 },
    });
    await writer.stop();
    const other = await startOutbox({
      handle: otherHandle,
      origin: 'other',
      mailer: otherMailer,
      timing: { handoverMs: 1_500, pollMs: 100 },
    });
    const { message, about } = testMessage(7);
    await writer.enqueue(writerHandle.db, { ...message, subject: 'Handed over' }, about);

    await sleep(500);
    await other.idle();
    expect(otherMailer.sent.map((mail) => mail.subject)).not.toContain('Handed over');
    await vi.waitFor(
      () => expect(otherMailer.sent.map((mail) => mail.subject)).toContain('Handed over'),
      patiently,
    );
  });

  it('notes a sent message again while noting fails, and never sends it twice', async ({
    database,
  }) => {
    const handle = await database.connect();
    // Noting a message sent fails three times, as with the database away (a sequence counts
    // the tries: it keeps counting through the failed statements' rollbacks).
    await handle.db.execute(sql`create sequence mark_sent_tries`);
    await handle.db.execute(sql`
      create function fail_first_mark_sent() returns trigger language plpgsql as $$
      begin
        if nextval('mark_sent_tries') <= 3 then
          raise exception 'database away while noting a message sent (test)';
        end if;
        return new;
      end $$`);
    await handle.db.execute(sql`
      create trigger fail_first_mark_sent before update on outbox_messages for each row
      when (old.sent_at is null and new.sent_at is not null)
      execute function fail_first_mark_sent()`);
    try {
      const mailer = recordingMailer();
      const outbox = await startOutbox({ handle, origin: 'marker', mailer });
      const { message, about } = testMessage(9);
      await outbox.enqueue(handle.db, { ...message, subject: 'Noted late' }, about);

      await vi.waitFor(async () => {
        const row = (await rowsOf(handle)).find((found) => found.subject === 'Noted late');
        expect(row?.sentAt).not.toBeNull();
      }, patiently);
      await outbox.idle();
      expect(mailer.sent.filter((mail) => mail.subject === 'Noted late')).toHaveLength(1);
      const tries = (await handle.db.execute(
        sql`select last_value::int as tries from mark_sent_tries`,
      )) as unknown as { rows: { tries: number }[] };
      expect(tries.rows[0]?.tries).toBe(4);
      const row = (await rowsOf(handle)).find((found) => found.subject === 'Noted late');
      expect(row?.attempts).toBe(1);
    } finally {
      await handle.db.execute(sql`drop trigger fail_first_mark_sent on outbox_messages`);
    }
  });

  it('sends what failed during an outage as soon as sending works again, not after its back-off', async ({
    database,
  }) => {
    const handle = await database.connect();
    const mailer = recordingMailer();
    mailer.failing = true;
    // A failed message waits a minute before its next attempt.
    const outbox = await startOutbox({
      handle,
      origin: 'recovering',
      mailer,
      timing: { firstRetryMs: 60_000, maxRetryMs: 60_000 },
    });
    await outbox.enqueueEach(
      handle.db,
      [1, 2, 3].map((index) => {
        const mail = testMessage(index);
        return { ...mail, message: { ...mail.message, subject: `Outage ${index}` } };
      }),
    );
    const outageRows = async () =>
      (await rowsOf(handle)).filter((row) => row.subject?.startsWith('Outage '));
    await vi.waitFor(async () => {
      const rows = await outageRows();
      expect(rows.map((row) => row.attempts)).toEqual([1, 1, 1]);
      expect(rows.every((row) => row.lastError !== null && row.lockedUntil === null)).toBe(true);
    }, patiently);

    // The mail server is back; the next message leaves, and the waiting ones follow it.
    mailer.failing = false;
    const { message, about } = testMessage(4);
    await outbox.enqueue(handle.db, { ...message, subject: 'Outage over' }, about);
    await vi.waitFor(async () => {
      expect((await outageRows()).every((row) => row.sentAt !== null)).toBe(true);
    }, patiently);
    expect(mailer.sent.map((mail) => mail.subject).sort()).toEqual(
      ['Outage 1', 'Outage 2', 'Outage 3', 'Outage over'].sort(),
    );
  });

  it('notes each message sent before it sends the next (a crash repeats at most one)', async ({
    database,
  }) => {
    const handle = await database.connect();
    const unnotedAtEachSend: number[] = [];
    const sentIds: string[] = [];
    const mailer = {
      async send(message: MailMessage) {
        // Every message sent before this one is already noted sent in the database.
        const rows = await rowsOf(handle);
        unnotedAtEachSend.push(
          rows.filter((row) => sentIds.includes(outboxMessageId(row.id)) && row.sentAt === null)
            .length,
        );
        sentIds.push(message.messageId ?? '');
      },
    };
    const outbox = createOutbox({
      database: handle,
      mailer,
      renderAttachment: () => Promise.reject(new Error('no attachments here')),
      origin: 'noting',
      log: silentLog,
    });
    await outbox.enqueueEach(
      handle.db,
      Array.from({ length: 12 }, (_, index) => testMessage(index)),
    );
    await outbox.start();
    started.push(outbox);
    await outbox.idle();
    expect(sentIds).toHaveLength(12);
    expect(unnotedAtEachSend).toEqual(Array.from({ length: 12 }, () => 0));
  });

  it('finishes the message in hand when stopped, and gives the rest of its claim back', async ({
    database,
  }) => {
    const handle = await database.connect();
    const slow = recordingMailer(400);
    const outbox = await startOutbox({
      handle,
      origin: 'stopping',
      mailer: slow,
      // What is tested is that stop() waits for the message in hand, not how long it may wait:
      // room for a loaded machine (the shutdown's own limit has its test).
      timing: { batchSize: 5, stopWaitMs: 20_000 },
    });
    await outbox.enqueueEach(
      handle.db,
      Array.from({ length: 5 }, (_, index) => {
        const mail = testMessage(index);
        return { ...mail, message: { ...mail.message, subject: `Stop ${index}` } };
      }),
    );
    // The first of the batch is being sent (claimed is not enough: on a busy machine the stop
    // could come between the claim and the first send, and then rightly send nothing).
    await vi.waitFor(() => expect(slow.begun).toBeGreaterThan(0), patiently);
    // The stop takes no new message at once; a second stop (the close hook after the signal's)
    // waits for the same message in hand.
    const stopping = outbox.stop();
    expect(outbox.stop()).toBe(stopping);
    await stopping;

    const rows = (await rowsOf(handle)).filter((row) => row.subject?.startsWith('Stop '));
    const sent = rows.filter((row) => row.sentAt !== null);
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(sent.length).toBeLessThan(5);
    expect(slow.sent.map((mail) => mail.subject).sort()).toEqual(
      sent.map((row) => row.subject).sort(),
    );
    // The others are free for any instance at once, their attempt not counted.
    for (const row of rows.filter((untried) => untried.sentAt === null)) {
      expect(row.lockedUntil).toBeNull();
      expect(row.attempts).toBe(0);
    }
  });
});

describe('the outbox: back-off', () => {
  it('doubles from a second to ten minutes, then stays', () => {
    expect([1, 2, 3, 4].map((attempts) => outboxRetryDelayMs(attempts))).toEqual([
      1_000, 2_000, 4_000, 8_000,
    ]);
    expect(outboxRetryDelayMs(10)).toBe(512_000);
    expect(outboxRetryDelayMs(11)).toBe(600_000);
    expect(outboxRetryDelayMs(1_000)).toBe(600_000);
  });
});
