import {
  dollarsToCents,
  invoiceFileName,
  invoiceNumber,
  serverTexts,
} from '@tools-factory/contract';
import type { Database, Transaction } from '../../db/client.ts';
import { notFound } from '../../http-errors.ts';
import type { Account, IdentityService } from '../identity/identity.service.ts';
import type { OrdersService, PayableOrder } from '../orders/orders.service.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import {
  insertInvoice,
  selectInvoiceByOrderId,
  takeNextSequence,
  type InvoiceRow,
} from './invoices.repository.ts';

/** An invoice as issued: everything it shows, kept as it was on the day (invoices.table.ts). */
export type Invoice = InvoiceRow;

/** An invoice's PDF, as GET /orders/{id}/invoice.pdf answers it. */
export type InvoicePdf = { fileName: string; pdf: Buffer };

/**
 * Invoices (DESIGN.md section 11): issued in the transaction that marks an order paid, numbered
 * in one gap-free sequence per year of payment (UTC), drawn as a PDF whenever asked for.
 */
export function createInvoicesService(options: {
  db: Database;
  orders: OrdersService;
  identity: IdentityService;
}) {
  const { db, orders, identity } = options;
  return {
    /**
     * For the payments service, in the transaction that has just marked `paid` paid: takes the
     * next number of the payment's year (the year's row stays locked until `tx` ends, so numbers
     * are taken one payment after the other, on any instance; a rollback gives it back) and
     * writes the invoice with the buyer as the account names them now.
     */
    async issue(tx: Transaction, paid: PayableOrder, paidAt: Date): Promise<Invoice> {
      const { order } = paid;
      const buyer = paid.userId ? await identity.findById(paid.userId, tx) : undefined;
      const year = paidAt.getUTCFullYear();
      const sequence = await takeNextSequence(tx, year);
      return insertInvoice(tx, {
        year,
        sequence,
        number: invoiceNumber(year, sequence),
        orderId: order._id,
        orderReference: order.reference,
        buyerName: buyer?.name ?? '',
        buyerEmail: order.email,
        buyerAddress: order.address,
        buyerPhone: order.phone,
        toolName: order.name,
        quantity: order.quantity,
        unitPriceCents: dollarsToCents(order.price),
        totalCents: paid.totalCents,
        madeToOrder: order.madeToOrder,
        transactionId: order.transectionId ?? '',
        paidAt,
        issuedAt: paidAt,
      });
    },

    /** The invoice as a PDF (drawn each time from its row: no file is stored). */
    renderPdf(invoice: Invoice): Promise<Buffer> {
      return renderInvoicePdf(invoice);
    },

    /**
     * GET /orders/{id}/invoice.pdf: the order's owner or an admin. Anyone else, an unknown or a
     * malformed id: 404 as for any order; an unpaid order (no invoice yet): 404 in its words.
     */
    async pdfOfOrder(caller: Account, orderId: string): Promise<InvoicePdf> {
      const { order } = await orders.findOrderForOwnerOrAdmin(caller, orderId);
      // Every paid order has one: issued with its payment, or by migration 0006 for older ones.
      const invoice =
        order.status === 'unpaid' ? undefined : await selectInvoiceByOrderId(db, order._id);
      if (!invoice) throw notFound(serverTexts.invoiceErrors.notPaidYet);
      return { fileName: invoiceFileName(invoice.number), pdf: await renderInvoicePdf(invoice) };
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
