import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, vi } from 'vitest';
import { serverTexts } from '@tools-factory/contract';
import type { App } from '../../app.ts';
import { outboxMessages } from '../../mail/outbox.table.ts';
import type { TestAccount } from '../../testing/accounts.ts';
import { appTest, instanceOnDatabase } from '../../testing/app-fixtures.ts';
import { checkOut, fillCart } from '../../testing/cart-lines.ts';
import { callAs, companyWithBuyer, joinedMember } from '../../testing/companies.ts';
import { createTestTool } from '../../testing/factories.ts';
import { createInvoiceReminderSweeper } from './invoice-reminders.sweeper.ts';
import { invoiceReminders, invoices } from './invoices.table.ts';

// Issue 45 item 6: payment reminders of invoices on account, to every admin of the company the
// invoice bills: three days before it is due, on the due date, and every seven days after while
// it is open; each once, whatever number of sweeps (instances) run at once, its row and its
// e-mails committed together. Two instances on one database (`app`, `second`): on PostgreSQL
// (test:postgres) their sweeps run on separate connections, side by side.

const clock = { now: new Date('2030-05-01T09:00:00Z') };
const onClock = { now: () => clock.now };
const it = appTest()
  .extend('app', { scope: 'file' }, instanceOnDatabase(onClock))
  .extend('second', { scope: 'file' }, instanceOnDatabase(onClock));

const words = serverTexts.reminders;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

type OnAccount = {
  admins: TestAccount[];
  buyer: TestAccount;
  invoice: typeof invoices.$inferSelect;
};

/**
 * A company on net 30 with `admins` admins and a buyer, whose buyer checks out $300 on account
 * at `clock.now` (with a PO number when given): its invoice, due 30 days later.
 */
async function invoicedCheckout(
  app: App,
  shopAdmin: TestAccount,
  legalName: string,
  options: { admins?: number; poNumber?: string } = {},
): Promise<OnAccount> {
  const company = await companyWithBuyer(app, { legalName });
  const terms = await callAs(
    app,
    shopAdmin,
    'PUT',
    `/api/manageCompanies/${company.companyId}/terms`,
    { paymentTermsDays: 30, creditLimit: 10_000, poNumberRequired: false, taxExempt: false },
  );
  expect(terms.statusCode, terms.body).toBe(200);
  const admins = [company.admin];
  for (let index = 1; index < (options.admins ?? 1); index += 1) {
    admins.push(await joinedMember(app, company.admin, `${legalName} Admin ${index + 1}`, 'admin'));
  }
  const tool = await createTestTool(app, {
    priceCents: 10_000,
    minOrderQuantity: 1,
    availableQuantity: 1_000,
  });
  await fillCart(app, company.buyer, [{ tool, quantity: 3 }]);
  const placed = await checkOut(app, company.buyer, {
    payment: 'account',
    ...(options.poNumber ? { poNumber: options.poNumber } : {}),
  });
  const [invoice] = await app.database.db
    .select()
    .from(invoices)
    .where(eq(invoices.checkoutId, placed.checkout._id));
  expect(invoice?.dueAt).toEqual(at(clock.now, 30 * DAY_MS));
  return { admins, buyer: company.buyer, invoice: invoice! };
}

/** The kinds of reminder recorded for the invoice, oldest first. */
async function kindsOf(app: App, invoiceId: string): Promise<string[]> {
  const rows = await app.database.db
    .select({ kind: invoiceReminders.kind })
    .from(invoiceReminders)
    .where(eq(invoiceReminders.invoiceId, invoiceId))
    .orderBy(asc(invoiceReminders.sentAt), asc(invoiceReminders.kind));
  return rows.map((row) => row.kind);
}

/** The reminders' e-mails of the invoice in the outbox, in the order written. */
async function mailsOf(app: App, invoiceId: string) {
  return app.database.db
    .select({
      to: outboxMessages.to,
      subject: outboxMessages.subject,
      text: outboxMessages.text,
      kind: sql<string>`${outboxMessages.about} ->> 'kind'`,
    })
    .from(outboxMessages)
    .where(
      and(
        sql`${outboxMessages.about} ->> 'mail' = 'invoice reminder'`,
        sql`${outboxMessages.about} ->> 'invoiceId' = ${invoiceId}`,
      ),
    )
    .orderBy(asc(outboxMessages.id));
}

const sweep = (app: App, now: Date) => app.invoiceReminders.sweepInvoiceReminders(now);

describe('payment reminders of invoices on account (issue 45)', () => {
  it('sends nothing before three days ahead, then due-in-3, due, overdue-7 and overdue-14, each once at its moment', async ({
    app,
    admin,
  }) => {
    clock.now = new Date('2030-05-01T09:00:00Z');
    const { invoice } = await invoicedCheckout(app, admin, 'Reminded Steps Ltd');
    const due = invoice.dueAt!;
    const steps: [Date, string[]][] = [
      [at(clock.now, DAY_MS), []],
      [at(due, -3 * DAY_MS - 1), []],
      [at(due, -3 * DAY_MS), ['due-in-3']],
      [at(due, -3 * DAY_MS), ['due-in-3']],
      [at(due, -HOUR_MS), ['due-in-3']],
      [at(due, -1), ['due-in-3']],
      [due, ['due-in-3', 'due']],
      [at(due, 3 * DAY_MS), ['due-in-3', 'due']],
      [at(due, 7 * DAY_MS - 1), ['due-in-3', 'due']],
      [at(due, 7 * DAY_MS), ['due-in-3', 'due', 'overdue-7']],
      [at(due, 10 * DAY_MS), ['due-in-3', 'due', 'overdue-7']],
      [at(due, 14 * DAY_MS), ['due-in-3', 'due', 'overdue-7', 'overdue-14']],
      [at(due, 14 * DAY_MS + HOUR_MS), ['due-in-3', 'due', 'overdue-7', 'overdue-14']],
    ];
    for (const [now, kinds] of steps) {
      await sweep(app, now);
      expect(await kindsOf(app, invoice.id), now.toISOString()).toEqual(kinds);
    }
    // One e-mail per reminder (one admin), each of its kind, none twice.
    expect((await mailsOf(app, invoice.id)).map((mail) => mail.kind)).toEqual([
      'due-in-3',
      'due',
      'overdue-7',
      'overdue-14',
    ]);
  });

  it('e-mails every admin of the company and no buyer: the invoice, what is open, the due date, the PO number and how to pay', async ({
    app,
    admin,
  }) => {
    clock.now = new Date('2030-06-02T15:30:00Z');
    const { admins, buyer, invoice } = await invoicedCheckout(app, admin, 'Reminded Admins Ltd', {
      admins: 3,
      poNumber: 'PO-REM-42',
    });
    const due = invoice.dueAt!;
    await sweep(app, at(due, -3 * DAY_MS));

    const mails = await mailsOf(app, invoice.id);
    expect(mails.map((mail) => mail.to).sort()).toEqual(admins.map((a) => a.email).sort());
    expect(mails.map((mail) => mail.to)).not.toContain(buyer.email);
    for (const mail of mails) {
      expect(mail.subject).toBe(words.subject.dueIn3(invoice.number, 'Jul 2, 2030', '$300.00'));
      expect(mail.text).toContain(
        words.body.dueIn3(invoice.number, 'Reminded Admins Ltd', 'Jul 2, 2030', '$300.00'),
      );
      expect(mail.text).toContain(`${words.poNumber}: PO-REM-42`);
      expect(mail.text).toContain('IBAN GB00 FRGE 0000 0000 0000 00');
      expect(mail.text).toContain(words.howToPay(invoice.number));
      expect(mail.text).toContain(`${app.config.publicUrl}/dashborad/company/orders`);
    }
    // Greeted by each admin's own name.
    const first = mails.find((mail) => mail.to === admins[0]!.email);
    expect(first?.text).toMatch(/^Hello Reminded Admins Ltd Admin,/);

    // Part paid since: the due and overdue reminders say what is still open, and how many days.
    await app.database.db
      .update(invoices)
      .set({ receivedCents: 10_000 })
      .where(eq(invoices.id, invoice.id));
    await sweep(app, at(due, 9 * DAY_MS));
    const overdue = (await mailsOf(app, invoice.id)).filter((mail) => mail.kind === 'overdue-7');
    expect(overdue).toHaveLength(3);
    expect(overdue[0]?.subject).toBe(words.subject.overdue(invoice.number, 9, '$200.00'));
    expect(overdue[0]?.text).toContain(`${words.received}: $100.00`);
  });

  it('catching up late sends only the latest step: an invoice first seen 20 days overdue gets overdue-14 alone', async ({
    app,
    admin,
  }) => {
    clock.now = new Date('2030-07-01T08:00:00Z');
    const { invoice } = await invoicedCheckout(app, admin, 'Late Sweep Ltd');
    const due = invoice.dueAt!;
    await sweep(app, at(due, 20 * DAY_MS));
    expect(await kindsOf(app, invoice.id)).toEqual(['overdue-14']);
    const [mail] = await mailsOf(app, invoice.id);
    expect(mail?.subject).toBe(words.subject.overdue(invoice.number, 20, '$300.00'));
    // Nothing earlier afterwards (a sweep with a clock behind another instance's), and the
    // next step in its turn.
    await sweep(app, at(due, 2 * DAY_MS));
    await sweep(app, at(due, 15 * DAY_MS));
    expect(await kindsOf(app, invoice.id)).toEqual(['overdue-14']);
    await sweep(app, at(due, 21 * DAY_MS));
    expect(await kindsOf(app, invoice.id)).toEqual(['overdue-14', 'overdue-21']);
    expect((await mailsOf(app, invoice.id)).map((m) => m.kind)).toEqual([
      'overdue-14',
      'overdue-21',
    ]);
  });

  it('sends nothing for a settled invoice, nor for one with nothing left open', async ({
    app,
    admin,
  }) => {
    clock.now = new Date('2030-08-01T10:00:00Z');
    const settled = await invoicedCheckout(app, admin, 'Settled Ltd');
    const credited = await invoicedCheckout(app, admin, 'Credited Ltd');
    await app.database.db
      .update(invoices)
      // Settled: `paid_at` alone decides (here with a cent written off, so no amount is open
      // to say so instead).
      .set({ receivedCents: 29_999, paidAt: clock.now, transactionId: 'BANK-REF-1' })
      .where(eq(invoices.id, settled.invoice.id));
    await app.database.db
      .update(invoices)
      .set({ creditedCents: 30_000 })
      .where(eq(invoices.id, credited.invoice.id));
    const due = settled.invoice.dueAt!;
    for (const days of [-3, 0, 7, 14, 30]) await sweep(app, at(due, days * DAY_MS));
    for (const { invoice } of [settled, credited]) {
      expect(await kindsOf(app, invoice.id)).toEqual([]);
      expect(await mailsOf(app, invoice.id)).toEqual([]);
    }
  });

  it('sends each reminder once when sweeps run at once, in one instance and in two', async ({
    app,
    second,
    admin,
  }) => {
    clock.now = new Date('2030-09-01T10:00:00Z');
    const placed = [
      await invoicedCheckout(app, admin, 'Race One Ltd', { admins: 2 }),
      await invoicedCheckout(app, admin, 'Race Two Ltd', { admins: 2 }),
      await invoicedCheckout(app, admin, 'Race Three Ltd', { admins: 2 }),
    ];
    const due = placed[0]!.invoice.dueAt!;
    for (const [offset, kind] of [
      [-3 * DAY_MS, 'due-in-3'],
      [0, 'due'],
      [7 * DAY_MS, 'overdue-7'],
    ] as const) {
      const now = at(due, offset);
      // Two sweeps of one instance, and two of the other (its own connections on PostgreSQL).
      const results = await Promise.all([
        sweep(app, now),
        sweep(app, now),
        sweep(second, now),
        sweep(second, now),
      ]);
      expect(results.reduce((sum, result) => sum + result.mails, 0)).toBeGreaterThanOrEqual(6);
      for (const { invoice, admins } of placed) {
        expect((await kindsOf(app, invoice.id)).filter((k) => k === kind)).toEqual([kind]);
        const mails = (await mailsOf(app, invoice.id)).filter((mail) => mail.kind === kind);
        expect(mails.map((mail) => mail.to).sort()).toEqual(admins.map((a) => a.email).sort());
      }
    }
  });

  it('writes the reminder and its e-mails in one transaction: a failed commit leaves neither', async ({
    app,
    admin,
  }) => {
    clock.now = new Date('2030-10-01T10:00:00Z');
    const { invoice, admins } = await invoicedCheckout(app, admin, 'Rolled Back Ltd', {
      admins: 2,
    });
    const due = invoice.dueAt!;
    // The reminder's row is refused when its transaction commits (a deferred foreign key to an
    // empty table), after its e-mails were written: the sweep fails, and nothing of it stays.
    await app.database.db.execute(
      sql.raw('create table test_no_reminder_kinds (kind text primary key)'),
    );
    await app.database.db.execute(
      sql.raw(`alter table invoice_reminders add constraint test_refused_at_commit
        foreign key (kind) references test_no_reminder_kinds (kind)
        deferrable initially deferred not valid`),
    );
    try {
      await expect(sweep(app, due)).rejects.toThrow();
      expect(await kindsOf(app, invoice.id)).toEqual([]);
      expect(await mailsOf(app, invoice.id)).toEqual([]);
    } finally {
      await app.database.db.execute(
        sql.raw('alter table invoice_reminders drop constraint test_refused_at_commit'),
      );
      await app.database.db.execute(sql.raw('drop table test_no_reminder_kinds'));
    }
    // The next sweep sends it, once.
    await sweep(app, at(due, HOUR_MS));
    expect(await kindsOf(app, invoice.id)).toEqual(['due']);
    expect((await mailsOf(app, invoice.id)).map((mail) => mail.to).sort()).toEqual(
      admins.map((a) => a.email).sort(),
    );
  });

  it('sweeps periodically with its clock, logs what it sent and a failure, and stops', async () => {
    const calls: Date[] = [];
    let fail = true;
    const log = { info: vi.fn(), error: vi.fn() };
    const sweeper = createInvoiceReminderSweeper({
      reminders: {
        sweepInvoiceReminders: async (now) => {
          calls.push(now);
          if (fail) {
            fail = false;
            throw new Error('database away');
          }
          return { reminders: 1, mails: 2 };
        },
      },
      log,
      intervalMs: 10,
      now: () => new Date('2031-01-01T00:00:00Z'),
    });
    sweeper.start();
    await vi.waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(2));
    await sweeper.stop();
    const stoppedAt = calls.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(stoppedAt);
    expect(calls[0]).toEqual(new Date('2031-01-01T00:00:00Z'));
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.info).toHaveBeenCalledWith({ reminders: 1, mails: 2 }, expect.any(String));
  });
});
