import {
  centsToDollars,
  dollarsToCents,
  formatMoney,
  texts,
  todayUtc,
  type CompanyReceivables,
  type InvoicePayment,
  type OpenInvoice,
  type Receivable,
  type Receivables,
  type RecordedInvoicePayment,
  type RecordInvoicePayment,
} from '@tools-factory/contract';
import type { Database, Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, notFound } from '../../http-errors.ts';
import { parseId } from '../../ids.ts';
import type { Account, IdentityService } from '../identity/identity.service.ts';
import type { OrdersService, PayableOrder } from '../orders/orders.service.ts';
import type { InvoiceRow } from './invoices.repository.ts';
import {
  addReceived,
  insertInvoicePayment,
  lockInvoiceOnAccount,
  selectOpenInvoicesOnAccount,
  selectOrderIdsOfInvoice,
  selectPaymentByReference,
  selectPaymentsOfInvoices,
  type InvoicePaymentRow,
} from './receivables.repository.ts';

const errors = texts.receivables.errors;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What an invoice shows of itself on the Receivables and Company pages. */
type InvoiceFigures = Pick<
  InvoiceRow,
  | 'id'
  | 'number'
  | 'checkoutId'
  | 'poNumber'
  | 'buyerName'
  | 'issuedAt'
  | 'dueAt'
  | 'totalCents'
  | 'receivedCents'
  | 'creditedCents'
>;

/** What an invoice on account still asks for: its total less what was received and credited. */
export const openCentsOf = (invoice: InvoiceFigures): number =>
  invoice.totalCents - invoice.receivedCents - invoice.creditedCents;

/** Whole days past its due date at `now` (0 on the day and before: a full day must pass). */
export function daysOverdue(dueAt: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - dueAt.getTime()) / DAY_MS));
}

/** An open invoice on account as its company and the shop see it (contract/src/receivables.ts). */
export function openInvoiceDto(invoice: InvoiceFigures, now: Date): OpenInvoice {
  if (!invoice.dueAt) throw new Error(`invoice ${invoice.number} is not on account`);
  return {
    _id: invoice.id,
    number: invoice.number,
    checkoutId: invoice.checkoutId,
    poNumber: invoice.poNumber,
    buyerName: invoice.buyerName,
    issuedAt: invoice.issuedAt.toISOString(),
    dueAt: invoice.dueAt.toISOString(),
    daysOverdue: daysOverdue(invoice.dueAt, now),
    total: centsToDollars(invoice.totalCents),
    received: centsToDollars(invoice.receivedCents),
    credited: centsToDollars(invoice.creditedCents),
    open: centsToDollars(openCentsOf(invoice)),
  };
}

/** Tells the buyer (and the staff) that the checkout is paid, its invoice named. */
export type AnnouncePaid = (
  tx: Transaction,
  paid: readonly PayableOrder[],
  invoice: InvoiceRow,
) => Promise<void>;

/**
 * Receivables (issue 45, docs/decisions/066): the open invoices on account, and the payments the
 * shop's admins record against them from the bank statement. A payment is recorded under its
 * invoice's row lock; its bank reference is unique across the shop, so sending it again answers
 * the payment first recorded. The payment that leaves nothing open settles the invoice: its
 * lines are paid with the bank reference as their transaction id, and the paid e-mail goes out,
 * in the same transaction.
 */
export function createReceivables(options: {
  db: Database;
  orders: Pick<OrdersService, 'recordPaymentReceived' | 'settleOnAccount'>;
  identity: Pick<IdentityService, 'findByIds'>;
  /** The checkout's paid e-mails (the checkouts module's announcement), wired by the app. */
  announcePaid: AnnouncePaid;
  now: () => Date;
}) {
  const { db, orders, identity, announcePaid, now } = options;

  async function paymentDtos(rows: readonly InvoicePaymentRow[]): Promise<InvoicePayment[]> {
    const recorders = await identity.findByIds([
      ...new Set(rows.flatMap((row) => (row.recordedBy ? [row.recordedBy] : []))),
    ]);
    return rows.map((row) => ({
      _id: row.id,
      receivedOn: row.receivedOn,
      amount: centsToDollars(row.amountCents),
      bankReference: row.bankReference,
      recordedBy: (row.recordedBy && recorders.get(row.recordedBy)?.name) || null,
      recordedAt: row.recordedAt.toISOString(),
    }));
  }

  async function receivableOf(invoice: InvoiceRow, at: Date): Promise<Receivable> {
    const payments = await paymentDtos(await selectPaymentsOfInvoices(db, [invoice.id]));
    const dto = openInvoiceDto(invoice, at);
    // Settled: nothing is overdue any more.
    return { ...dto, daysOverdue: invoice.paidAt ? 0 : dto.daysOverdue, payments };
  }

  /**
   * The payment recorded before with the same bank reference, answered again when it is the
   * same payment (this invoice, amount and day); anything else sent with it is refused.
   */
  function sameAsBefore(
    earlier: InvoicePaymentRow & { invoiceNumber: string },
    invoiceId: string,
    input: RecordInvoicePayment,
  ): InvoicePaymentRow {
    if (earlier.invoiceId !== invoiceId) {
      throw conflict(errors.referenceElsewhere(earlier.invoiceNumber));
    }
    const same =
      earlier.amountCents === dollarsToCents(input.amount) &&
      earlier.receivedOn === input.receivedOn;
    if (!same) throw conflict(errors.referenceDiffers);
    return earlier;
  }

  async function record(
    caller: Account,
    invoiceId: string,
    input: RecordInvoicePayment,
  ): Promise<{ created: boolean; answer: RecordedInvoicePayment }> {
    const at = now();
    if (input.receivedOn > todayUtc(at)) throw badRequest(errors.receivedInFuture);
    const bankReference = input.bankReference.trim();
    const amountCents = dollarsToCents(input.amount);
    const outcome = await db.transaction(async (tx) => {
      const invoice = await lockInvoiceOnAccount(tx, invoiceId);
      if (!invoice) throw notFound(errors.notFound);
      // Under the invoice's lock: a payment sent twice at once finds the first here.
      const earlier = await selectPaymentByReference(tx, bankReference);
      if (earlier) {
        const payment = sameAsBefore(earlier, invoice.id, input);
        const settled = invoice.paidAt !== null && invoice.transactionId === payment.bankReference;
        return { created: false, payment, invoice, settled };
      }
      if (invoice.paidAt) throw conflict(errors.settled);
      const open = openCentsOf(invoice);
      if (amountCents > open) {
        throw conflict(errors.overOpen(input.amount, centsToDollars(open)));
      }
      const payment = await insertInvoicePayment(tx, {
        invoiceId: invoice.id,
        receivedOn: input.receivedOn,
        amountCents,
        bankReference,
        recordedBy: caller.id,
        recordedAt: at,
      });
      const after = await addReceived(tx, invoice.id, { amountCents, bankReference, at });
      const orderIds = await selectOrderIdsOfInvoice(tx, invoice.id);
      await orders.recordPaymentReceived(tx, orderIds, {
        amount: formatMoney(input.amount),
        bankReference,
        actorId: caller.id,
        at,
      });
      const settled = after.paidAt !== null;
      if (settled) {
        const paid = await orders.settleOnAccount(tx, orderIds, {
          bankReference,
          actorId: caller.id,
          at,
        });
        if (paid.length > 0) await announcePaid(tx, paid, after);
      }
      return { created: true, payment, invoice: after, settled };
    });
    const [payment] = await paymentDtos([outcome.payment]);
    return {
      created: outcome.created,
      answer: {
        payment: payment!,
        invoice: await receivableOf(outcome.invoice, at),
        settled: outcome.settled,
      },
    };
  }

  return {
    /** GET /manageReceivables: every open invoice on account, by company, with its payments. */
    async list(): Promise<Receivables> {
      const at = now();
      const open = await selectOpenInvoicesOnAccount(db);
      const rows = await selectPaymentsOfInvoices(
        db,
        open.map((invoice) => invoice.id),
      );
      const payments = await paymentDtos(rows);
      const paymentsOf = Map.groupBy(
        payments.map((payment, index) => ({ payment, invoiceId: rows[index]!.invoiceId })),
        ({ invoiceId }) => invoiceId,
      );
      const companies: CompanyReceivables[] = [];
      let totalOpen = 0;
      let totalOverdue = 0;
      for (const invoice of open) {
        const dto = {
          ...openInvoiceDto(invoice, at),
          payments: (paymentsOf.get(invoice.id) ?? []).map(({ payment }) => payment),
        };
        const openCents = openCentsOf(invoice);
        const overdueCents = dto.daysOverdue > 0 ? openCents : 0;
        totalOpen += openCents;
        totalOverdue += overdueCents;
        let company = companies.at(-1);
        if (!company || company.companyId !== invoice.companyId) {
          company = {
            companyId: invoice.companyId,
            legalName: invoice.buyerCompany,
            open: 0,
            overdue: 0,
            invoices: [],
          };
          companies.push(company);
        }
        company.invoices.push(dto);
        company.open = centsToDollars(dollarsToCents(company.open) + openCents);
        company.overdue = centsToDollars(dollarsToCents(company.overdue) + overdueCents);
      }
      return {
        asOf: at.toISOString(),
        totals: {
          open: centsToDollars(totalOpen),
          overdue: centsToDollars(totalOverdue),
          invoices: open.length,
        },
        companies,
      };
    },

    /**
     * POST /manageReceivables/{id}/payments: a payment received, partial or full (201), or the
     * one first recorded with the same bank reference (200). An unknown invoice: 404; a settled
     * one, an amount above what is open, a reference recorded otherwise: 409 in words.
     */
    async recordPayment(caller: Account, id: string, input: RecordInvoicePayment) {
      const invoiceId = parseId(id);
      if (!invoiceId) throw notFound(errors.notFound);
      try {
        return await record(caller, invoiceId, input);
      } catch (error) {
        // The same reference recorded at once against another invoice: the index decided.
        if (!isUniqueViolation(error)) throw error;
        const earlier = await selectPaymentByReference(db, input.bankReference.trim());
        if (!earlier) throw error;
        sameAsBefore(earlier, invoiceId, input);
        return record(caller, invoiceId, input);
      }
    },
  };
}

export type ReceivablesService = ReturnType<typeof createReceivables>;
