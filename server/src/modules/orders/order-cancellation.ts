import {
  centsToDollars,
  formatMoney,
  serverTexts,
  type CancelOrderResponse,
  isCancelled,
} from '@tools-factory/contract';
import type { CatalogChanged, StockChange } from '../../catalog/catalog-snapshot.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../http-errors.ts';
import { parseId } from '../../ids.ts';
import type { OutboxWriter } from '../../mail/outbox.ts';
import { orderCancelledMail } from '../../mail/templates/order-cancelled.ts';
import type { CreditNote, InvoicesService } from '../invoices/invoices.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { ToolsService } from '../tools/tools.service.ts';
import { markOrderCancelled } from './order-cancellation.repository.ts';
import { emailEvent, insertOrderEvents } from './order-events.repository.ts';
import { ensureCancellable } from './order-preconditions.ts';
import { selectOrderById, selectOrderByIdForUpdate, type OrderRow } from './orders.repository.ts';
import { toManagedOrderDto } from './order-dto.ts';

export type OrderCancellationOptions = {
  db: Database;
  /** Refunds the order's payment through the gateway. */
  payments: Pick<PaymentsService, 'refundPayment'>;
  /** Issues the credit note in the cancellation's transaction. */
  invoices: Pick<InvoicesService, 'issueCreditNote' | 'creditNoteOfOrder'>;
  /** Returns the stock of an order that has not shipped, in the same transaction. */
  tools: Pick<ToolsService, 'returnStock'>;
  catalog: CatalogChanged;
  /** Takes the customer's e-mail in the cancellation's transaction. */
  outbox: OutboxWriter;
  publicUrl: string;
  orderHoldHours: number;
  now: () => Date;
};

/**
 * Cancelling a paid order (docs/architecture.md#orders, issue 22 item 5): a paid order is never
 * deleted. An admin cancels it: the payment goes back through the gateway, then one transaction
 * marks the order cancelled, issues its credit note (gap-free numbers of their own) and, when it
 * has not shipped, returns its stock (a shipped order's goods are with the customer: its stock
 * stays sold, and what comes back by post is counted in by hand). The customer gets an e-mail with
 * the credit note. The order, its payment and its invoice stay in the books.
 */
export function createOrderCancellation(options: OrderCancellationOptions) {
  const { db, payments, invoices, tools, catalog, outbox, publicUrl, orderHoldHours, now } =
    options;

  function answer(row: OrderRow, note: CreditNote): CancelOrderResponse {
    return {
      order: toManagedOrderDto(row, orderHoldHours),
      creditNote: { number: note.number, amount: centsToDollars(note.totalCents) },
    };
  }

  /** A cancelled order as it stands: answered again to a repeated Cancel. */
  async function alreadyCancelled(row: OrderRow): Promise<CancelOrderResponse> {
    const note = await invoices.creditNoteOfOrder(row.id);
    if (!note) throw new Error(`cancelled order ${row.id} has no credit note`);
    return answer(row, note);
  }

  return {
    /**
     * POST /manageOrders/{id}/cancel (admin). The refund comes first, outside the transaction
     * (no lock is held across a call to the gateway): it is asked for with one idempotency key
     * per payment, so a retry after a crash, or two admins at once, refund once. The transaction
     * then locks the order and decides on what it finds there: cancelled meanwhile, it answers
     * that cancellation (one credit note per order); shipped meanwhile, the stock stays sold.
     * Idempotent: a cancelled order is answered as it is. An unpaid order (remove it instead)
     * and a disputed one (the card issuer decides) answer 409; an unknown one 404.
     */
    async cancel(id: string, actor?: { id: string }): Promise<CancelOrderResponse> {
      const orderId = parseId(id);
      if (!orderId) throw notFound(serverTexts.orderErrors.orderNotFound);
      const found = await selectOrderById(db, orderId);
      if (!found) throw notFound(serverTexts.orderErrors.orderNotFound);
      if (isCancelled(found.status)) return alreadyCancelled(found);
      ensureCancellable(found.status);
      // Every paid order has its transaction id (the intent it was paid with); a line of a
      // checkout paid with others gives back its own amount alone (issue 26).
      const { refundId } = await payments.refundPayment(found.transactionId ?? '', {
        orderId: found.id,
        amountCents: found.unitPriceCents * found.quantity,
      });

      const cancelled = await db.transaction(async (tx) => {
        const row = await selectOrderByIdForUpdate(tx, orderId);
        if (!row) throw notFound(serverTexts.orderErrors.orderNotFound);
        if (isCancelled(row.status)) return { row, note: undefined, stock: undefined };
        const cancelledAt = now();
        const order = await markOrderCancelled(tx, orderId, cancelledAt);
        const note = await invoices.issueCreditNote(tx, orderId, {
          refundId,
          issuedAt: cancelledAt,
        });
        // Not shipped: the goods are still here and go back on sale. Made to order: none taken.
        const stock: StockChange | undefined =
          row.shippedAt === null && !row.madeToOrder
            ? await tools.returnStock(tx, row.toolId, row.quantity)
            : undefined;
        // The credit note's PDF is drawn from it when the e-mail leaves.
        const mail = orderCancelledMail(toManagedOrderDto(order, orderHoldHours), {
          publicUrl,
          creditNote: { id: note.id, number: note.number },
        });
        await outbox.enqueue(tx, mail, {
          orderId,
          creditNoteId: note.id,
          mail: 'order cancelled',
        });
        await insertOrderEvents(tx, [
          {
            orderId,
            kind: 'cancelled',
            actorId: actor?.id ?? null,
            detail: {
              creditNote: note.number,
              amount: formatMoney(centsToDollars(note.totalCents)),
            },
            at: cancelledAt,
          },
          emailEvent(orderId, mail, cancelledAt),
        ]);
        return { row: order, note, stock };
      });
      // Another request cancelled it first: its credit note is the one.
      if (!cancelled.note) return alreadyCancelled(cancelled.row);
      if (cancelled.stock) await catalog.stockMoved([cancelled.stock]);

      return answer(cancelled.row, cancelled.note);
    },
  };
}

export type OrderCancellation = ReturnType<typeof createOrderCancellation>;
