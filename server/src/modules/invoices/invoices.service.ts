import {
  checkoutReference,
  creditNoteNumber,
  dollarsToCents,
  invoiceFileName,
  invoiceNumber,
  serverTexts,
  isInvoiced,
  wasPaid,
} from '@tools-factory/contract';
import type { Seller } from '../../config.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { notFound } from '../../http-errors.ts';
import { parseId } from '../../ids.ts';
import type { Account, IdentityService } from '../identity/identity.service.ts';
import type { CheckoutLines } from '../checkouts/checkout-lines.ts';
import type { PayableOrder } from '../orders/order-dto.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import {
  insertCreditNote,
  selectCreditNoteById,
  selectCreditNoteByOrderId,
  takeNextCreditNoteSequence,
  type CreditNoteRow,
} from './credit-notes.repository.ts';
import { addCredited } from './receivables.repository.ts';
import { renderCreditNotePdf, renderInvoicePdf, type DocumentBooking } from './invoice-pdf.ts';
import {
  insertInvoice,
  insertInvoiceLines,
  selectInvoiceByCheckoutId,
  selectInvoiceById,
  selectInvoiceByOrderId,
  selectInvoiceLines,
  takeNextSequence,
  type InvoiceRow,
} from './invoices.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The invoice's words: a shipping credit note names its line as the invoice does. */
const words = serverTexts.invoice;
/** An invoice as issued: everything it shows, kept as it was on the day (invoices.table.ts). */
export type Invoice = InvoiceRow;

/** A credit note as issued: everything it shows, kept as it was on the day. */
export type CreditNote = CreditNoteRow;

/** An invoice's (or a credit note's) PDF, as its download answers it. */
export type InvoicePdf = { fileName: string; pdf: Buffer };

/** A checkout's shipping as it is charged: its amount and the tax added on top (issue 45). */
export type ChargedShipping = { cents: number; taxCents: number };

/**
 * Invoices (docs/architecture.md#business-buyers): issued in the transaction that marks an order
 * paid, numbered in one gap-free sequence per year of payment (UTC), drawn as a PDF whenever asked
 * for.
 */
export function createInvoicesService(options: {
  db: Database;
  orders: OrdersService;
  identity: IdentityService;
  /** The seller's legal details every document prints (SELLER_*). */
  seller: Seller;
  /** Who may download a checkout's invoice (issue 26). */
  checkoutLines: Pick<CheckoutLines, 'linesForOwnerOrAdmin' | 'buyerOf'>;
}) {
  const { db, orders, identity, seller, checkoutLines } = options;

  /**
   * What the document of this order prints beside its row: the seller, the tax rate stored on
   * the order when it was placed, and the quote it was placed from (issue 25). An order no
   * longer there (its document outlives it) reads as untaxed and unquoted.
   */
  async function bookingOf(orderId: string | null): Promise<DocumentBooking> {
    const booking = orderId ? await orders.bookingOf(orderId) : undefined;
    return {
      seller,
      taxRateBasisPoints: booking?.taxRateBasisPoints ?? 0,
      taxMode: booking?.taxMode ?? 'included',
      quoteReference: booking?.quoteReference ?? null,
    };
  }

  /** An invoice as a PDF, with its lines (invoice_lines: every invoice keeps its lines there). */
  const invoicePdf = async (invoice: Invoice) =>
    renderInvoicePdf(
      invoice,
      await selectInvoiceLines(db, invoice.id),
      await bookingOf(invoice.orderId),
    );

  /**
   * A credit note as a PDF. One that credits one line of a checkout's invoice of several lines
   * (issue 26) shows that line's SKU and says it credits that line alone.
   */
  async function creditNotePdf(note: CreditNote): Promise<Buffer> {
    const lines = note.invoiceId ? await selectInvoiceLines(db, note.invoiceId) : [];
    const line = lines.find((candidate) => candidate.orderId === note.orderId);
    const ofCheckout = lines.length > 1 && line ? { sku: line.sku } : undefined;
    return renderCreditNotePdf(note, await bookingOf(note.orderId), ofCheckout);
  }

  /** The invoice of a checkout the caller may see (its own, or any for an admin); 404 otherwise. */
  async function invoiceOfOrder(caller: Account, orderId: string): Promise<Invoice> {
    const { order } = await orders.findOrderForOwnerOrAdmin(caller, orderId);
    // Every paid order has one: issued with its payment, or by migration 0006 for older ones;
    // an order on account has its invoice from the start (issue 45).
    const invoiced = wasPaid(order.status) || isInvoiced(order.status);
    const invoice = invoiced ? await selectInvoiceByOrderId(db, order._id) : undefined;
    if (!invoice) throw notFound(serverTexts.invoiceErrors.notPaidYet);
    return invoice;
  }

  /**
   * One invoice for a checkout's lines (`lines`, in place order, at least one): a line each (SKU,
   * tool, quantity, unit price, line total), with the checkout's PO number. Takes the next number
   * of the year of issue (the year's row stays locked until `tx` ends, so numbers are taken one
   * after the other, on any instance; a rollback gives it back) and names the buyer as the
   * account names them now. A one-line checkout's invoice is named by its order's reference, as
   * before checkouts; a larger one by the checkout's.
   */
  async function issueInvoice(
    tx: Transaction,
    lines: readonly PayableOrder[],
    shipping: ChargedShipping,
    issue: {
      issuedAt: Date;
      paidAt: Date | null;
      onAccount?: { companyId: string; paymentTermsDays: number; dueAt: Date };
    },
  ): Promise<Invoice> {
    const [first] = lines;
    if (!first) throw new Error('an invoice needs at least one line');
    const { order } = first;
    const buyer = first.userId ? await identity.findById(first.userId, tx) : undefined;
    const business = await checkoutLines.buyerOf(tx, order.checkoutId);
    const year = issue.issuedAt.getUTCFullYear();
    const sequence = await takeNextSequence(tx, year);
    const invoice = await insertInvoice(tx, {
      year,
      sequence,
      number: invoiceNumber(year, sequence),
      orderId: order._id,
      orderReference: lines.length > 1 ? checkoutReference(order.checkoutId) : order.reference,
      checkoutId: order.checkoutId,
      poNumber: order.poNumber,
      buyerName: buyer?.name ?? '',
      buyerEmail: order.email,
      buyerAddress: order.address,
      buyerPhone: order.phone,
      buyerCompany: business.companyName,
      buyerTaxNumber: business.taxNumber,
      buyerBillingAddress: business.billingAddress,
      shippingCents: shipping.cents,
      // What is charged: each line and the tax added on top of it, the shipping and its tax.
      totalCents:
        lines.reduce((sum, line) => sum + line.totalCents + line.taxCents, 0) +
        shipping.cents +
        shipping.taxCents,
      taxCents: lines.reduce((sum, line) => sum + line.taxCents, 0) + shipping.taxCents,
      transactionId: order.transectionId ?? '',
      paidAt: issue.paidAt,
      issuedAt: issue.issuedAt,
      ...(issue.onAccount ?? {}),
    });
    await insertInvoiceLines(
      tx,
      lines.map((line, index) => ({
        invoiceId: invoice.id,
        position: index + 1,
        orderId: line.order._id,
        orderReference: line.order.reference,
        sku: line.order.sku,
        toolName: line.order.name,
        quantity: line.order.quantity,
        unitPriceCents: dollarsToCents(line.order.price),
        totalCents: line.totalCents,
        madeToOrder: line.order.madeToOrder,
      })),
    );
    return invoice;
  }

  return {
    /**
     * For the payments service, in the transaction that has just marked the lines of one
     * checkout paid (`paid`, in place order, at least one): one invoice for all of them
     * (issueInvoice), numbered in the payment's year.
     */
    async issue(
      tx: Transaction,
      paid: readonly PayableOrder[],
      paidAt: Date,
      /** The checkout's shipping paid with the lines (issue 42; 0 when free), and its tax. */
      shipping: ChargedShipping,
    ): Promise<Invoice> {
      return issueInvoice(tx, paid, shipping, { issuedAt: paidAt, paidAt });
    },

    /**
     * For a checkout placed on account (issue 45), in the transaction that wrote its lines
     * `invoiced`: one invoice for all of them as `issue` writes it, billed to `terms`' company,
     * due `paymentTermsDays` after `issuedAt`, nothing received yet.
     */
    issueOnAccount(
      tx: Transaction,
      lines: readonly PayableOrder[],
      shipping: ChargedShipping,
      issuedAt: Date,
      terms: { companyId: string; paymentTermsDays: number },
    ): Promise<Invoice> {
      const dueAt = new Date(issuedAt.getTime() + terms.paymentTermsDays * DAY_MS);
      return issueInvoice(tx, lines, shipping, {
        issuedAt,
        paidAt: null,
        onAccount: { ...terms, dueAt },
      });
    },

    /**
     * For money given back on a paid order, in the transaction that records it: takes the next
     * credit note number of the year of `issuedAt` (gap-free as invoices are: the sequence's row
     * stays locked until `tx` ends, a rollback gives the number back) and writes the credit note
     * of `amountCents` for the order's line of its invoice: a cancellation (what was left of the
     * line) or a partial refund (issue 42). The order's invoice must exist (every paid order has
     * one).
     */
    async issueCreditNote(
      tx: Transaction,
      orderId: string,
      refund: {
        refundId: string | null;
        issuedAt: Date;
        amountCents: number;
        /** Of it, the tax that was added on top (issue 45: tax `added`; else 0). */
        taxCents: number;
        /** 'shipping': the checkout's shipping given back (its order is the checkout's first). */
        kind: 'cancellation' | 'refund' | 'shipping';
      },
    ): Promise<CreditNote> {
      // The order's line on its checkout's invoice: the credit note credits that line alone.
      const invoice = await selectInvoiceByOrderId(tx, orderId);
      if (!invoice) throw new Error(`order ${orderId} is paid but has no invoice to credit`);
      const { line } = invoice;
      const shipping = refund.kind === 'shipping';
      const year = refund.issuedAt.getUTCFullYear();
      const sequence = await takeNextCreditNoteSequence(tx, year);
      return insertCreditNote(tx, {
        year,
        sequence,
        number: creditNoteNumber(year, sequence),
        invoiceId: invoice.id,
        invoiceNumber: invoice.number,
        orderId,
        orderReference: shipping ? invoice.orderReference : line.orderReference,
        buyerName: invoice.buyerName,
        buyerEmail: invoice.buyerEmail,
        buyerAddress: invoice.buyerAddress,
        buyerCompany: invoice.buyerCompany,
        buyerBillingAddress: invoice.buyerBillingAddress,
        buyerTaxNumber: invoice.buyerTaxNumber,
        ...(shipping
          ? {
              toolName: words.shipping,
              quantity: 1,
              unitPriceCents: refund.amountCents - refund.taxCents,
            }
          : {
              toolName: line.toolName,
              quantity: line.quantity,
              unitPriceCents: line.unitPriceCents,
            }),
        kind: refund.kind,
        totalCents: refund.amountCents,
        taxCents: refund.taxCents,
        refundId: refund.refundId,
        issuedAt: refund.issuedAt,
      });
    },

    /**
     * For a credit note against a line whose invoice on account is open (issue 45), in the
     * transaction that issued it: the amount taken off what the company owes. Resolves to the
     * invoice when that left nothing open (it is settled then: what was received covers the rest),
     * else undefined.
     */
    async creditOnAccount(
      tx: Transaction,
      orderId: string,
      amountCents: number,
      at: Date,
    ): Promise<Invoice | undefined> {
      const invoice = await selectInvoiceByOrderId(tx, orderId);
      if (!invoice?.dueAt || invoice.paidAt) return undefined;
      const after = await addCredited(tx, invoice.id, { amountCents, at });
      return after?.paidAt ? after : undefined;
    },

    /** The credit note of an order, if it was cancelled. */
    creditNoteOfOrder(orderId: string): Promise<CreditNote | undefined> {
      return selectCreditNoteByOrderId(db, orderId);
    },

    /**
     * The PDF an e-mail carries, drawn when it leaves the outbox: the invoice's (or the credit
     * note's) with this id. Both are kept forever, so a message that waited reads as issued.
     */
    async attachmentPdf(kind: 'invoice' | 'credit-note', id: string): Promise<Buffer> {
      if (kind === 'invoice') {
        const invoice = await selectInvoiceById(db, id);
        if (!invoice) throw new Error(`no invoice ${id} to attach`);
        return invoicePdf(invoice);
      }
      const note = await selectCreditNoteById(db, id);
      if (!note) throw new Error(`no credit note ${id} to attach`);
      return creditNotePdf(note);
    },

    /**
     * GET /orders/{id}/credit-note.pdf: its latest credit note (a cancellation's, or a partial
     * refund's, issue 42). An order nothing of which we refunded has none: 404 in its words.
     */
    async creditNotePdfOfOrder(caller: Account, orderId: string): Promise<InvoicePdf> {
      const { order } = await orders.findOrderForOwnerOrAdmin(caller, orderId);
      const note = order.refunded > 0 ? await selectCreditNoteByOrderId(db, order._id) : undefined;
      if (!note) throw notFound(serverTexts.invoiceErrors.notCancelled);
      return { fileName: invoiceFileName(note.number), pdf: await creditNotePdf(note) };
    },

    /**
     * GET /creditNotes/{id} (issue 42): one credit note, for its order's owner or an admin; anyone
     * else, an unknown or a malformed id: 404, as for an order.
     */
    async creditNotePdfById(caller: Account, id: string): Promise<InvoicePdf> {
      const noteId = parseId(id);
      const note = noteId ? await selectCreditNoteById(db, noteId) : undefined;
      if (!note?.orderId) throw notFound(serverTexts.invoiceErrors.creditNoteNotFound);
      // Someone else's: 404 in the order's words, as for any of their orders.
      await orders.findOrderForOwnerOrAdmin(caller, note.orderId);
      return { fileName: invoiceFileName(note.number), pdf: await creditNotePdf(note) };
    },

    /**
     * GET /orders/{id}/invoice.pdf: anyone but the order's owner or an admin, an unknown or a
     * malformed id: 404 as for any order; an unpaid order (no invoice yet): 404 in its words.
     */
    async pdfOfOrder(caller: Account, orderId: string): Promise<InvoicePdf> {
      const invoice = await invoiceOfOrder(caller, orderId);
      return { fileName: invoiceFileName(invoice.number), pdf: await invoicePdf(invoice) };
    },

    /**
     * GET /checkouts/{id}/invoice.pdf: the invoice of a checkout its owner (or an admin) may
     * see, as for any of its lines. Someone else's, unknown or malformed: 404 as for a
     * checkout; not paid yet: 404 in its words.
     */
    async pdfOfCheckout(caller: Account, checkoutId: string): Promise<InvoicePdf> {
      const lines = await checkoutLines.linesForOwnerOrAdmin(caller, checkoutId);
      const invoice = await selectInvoiceByCheckoutId(db, lines[0]?.order.checkoutId ?? '');
      if (!invoice) throw notFound(serverTexts.invoiceErrors.notPaidYet);
      return { fileName: invoiceFileName(invoice.number), pdf: await invoicePdf(invoice) };
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
