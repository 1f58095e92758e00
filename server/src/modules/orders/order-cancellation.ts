import {
  addedTaxOfPart,
  centsToDollars,
  dollarsToCents,
  formatMoney,
  isCancelled,
  isRefunded,
  serverTexts,
  texts,
  canCancel,
  type CancelCheckoutResponse,
  type CancelOrder,
  type CancelOrderResponse,
  type RefundOrder,
  type RefundOrderResponse,
} from '@tools-factory/contract';
import type { CatalogChanged, StockChange } from '../../catalog/catalog-snapshot.ts';
import { chargeOf } from './order-tax.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../http-errors.ts';
import { parseId } from '../../ids.ts';
import type { OutboxWriter } from '../../mail/outbox.ts';
import {
  checkoutCancelledMail,
  orderCancelledMail,
  orderRefundedMail,
} from '../../mail/templates/order-cancelled.ts';
import type { CheckoutCharges } from '../checkouts/checkout-charges.ts';
import type { CreditNote, InvoicesService } from '../invoices/invoices.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { ToolsService } from '../tools/tools.service.ts';
import { addOrderRefund, markOrderCancelled } from './order-cancellation.repository.ts';
import { emailEvent, insertOrderEvents } from './order-events.repository.ts';
import { ensureCancellable, ensurePartRefundable } from './order-preconditions.ts';
import {
  markOrdersSettled,
  selectOrderById,
  selectOrderByIdForUpdate,
  type OrderRow,
} from './orders.repository.ts';
import {
  selectCheckoutLines,
  selectCheckoutLinesForUpdate,
} from './orders-of-checkouts.repository.ts';
import { toManagedOrderDto } from './order-dto.ts';

export type OrderCancellationOptions = {
  db: Database;
  /** Refunds the order's payment through the gateway. */
  payments: Pick<PaymentsService, 'refundPayment'>;
  /** Issues the credit note in the cancellation's transaction. */
  invoices: Pick<InvoicesService, 'issueCreditNote' | 'creditNoteOfOrder' | 'creditOnAccount'>;
  /** Returns the stock of an order that has not shipped, in the same transaction. */
  tools: Pick<ToolsService, 'returnStock'>;
  catalog: CatalogChanged;
  /** Takes the customer's e-mail in the cancellation's transaction. */
  outbox: OutboxWriter;
  /** A checkout's shipping, given back when it is cancelled before anything of it shipped. */
  charges: Pick<CheckoutCharges, 'shippingOf' | 'refundAll'>;
  publicUrl: string;
  orderHoldHours: number;
  now: () => Date;
};

/** Money the gateway gave back for a line: how much, on which refunded sum, under which id. */
type GivenBack = {
  amountCents: number;
  /** Of it, the tax that was added on top (issue 45: tax `added`; else 0). */
  taxCents: number;
  refundedBefore: number;
  refundId: string | null;
  /** The gateway refunded it in full on its own: nothing more goes back, the note credits all. */
  byGateway?: boolean;
  /**
   * On account, its invoice open (issue 45): nothing was received for it, so nothing goes back
   * through the gateway; the credit note takes the amount off what the company owes.
   */
  onAccount?: boolean;
};

/** A line on account whose invoice is still open: no payment of it to give back. */
const onOpenAccount = (row: OrderRow): boolean => row.paidAt === null;

/** A line cancelled in a transaction: as it now stands, its credit note, its stock returned. */
type Cancelled = { row: OrderRow; note: CreditNote | undefined; stock: StockChange | undefined };

/**
 * Cancelling a paid order and giving money back (docs/architecture.md#orders, issue 22 item 5,
 * issue 42): a paid order is never deleted. An admin cancels it, with a refund of what is left of
 * its amount or without one, or gives part of its amount back while it stands. The refund goes
 * through the gateway first, then one transaction records it on the line (`refunded_cents`), issues
 * its credit note (gap-free numbers of their own), returns an unshipped line's stock and queues the
 * customer's e-mail. The order, its payment and its invoice stay in the books.
 *
 * Every refund's idempotency key names the line and the sum refunded before it: a retry after a
 * crash refunds once; two refunds asked on the same state at once cannot both pass (the gateway
 * refuses a key reused with another amount; the transaction records a refund only while the sum
 * is still the one it was asked on).
 */
export function createOrderCancellation(options: OrderCancellationOptions) {
  const {
    db,
    payments,
    invoices,
    tools,
    catalog,
    outbox,
    charges,
    publicUrl,
    orderHoldHours,
    now,
  } = options;

  const issued = (note: CreditNote) => ({
    id: note.id,
    number: note.number,
    amount: centsToDollars(note.totalCents),
  });
  const mailedNote = (note: CreditNote) => ({
    id: note.id,
    number: note.number,
    amount: centsToDollars(note.totalCents),
  });

  /** A cancelled order as it stands: answered again to a repeated Cancel. */
  async function alreadyCancelled(row: OrderRow): Promise<CancelOrderResponse> {
    const note = row.refundedCents > 0 ? await invoices.creditNoteOfOrder(row.id) : undefined;
    return {
      order: toManagedOrderDto(row, orderHoldHours),
      creditNote: note ? issued(note) : null,
    };
  }

  /** The line, or 404 in words. */
  async function lineOf(id: string): Promise<OrderRow> {
    const orderId = parseId(id);
    const found = orderId ? await selectOrderById(db, orderId) : undefined;
    if (!found) throw notFound(serverTexts.orderErrors.orderNotFound);
    return found;
  }

  /** Gives `amountCents` of the line back through the gateway, keyed on its refunded sum. */
  async function giveBack(row: OrderRow, amountCents: number): Promise<GivenBack> {
    // The tax added on top goes back with the amount, in the line's own proportion (issue 45).
    const taxCents = addedTaxOfPart(chargeOf(row), row.taxCents, row.refundedCents, amountCents);
    const given = { amountCents, taxCents, refundedBefore: row.refundedCents };
    if (onOpenAccount(row)) return { ...given, refundId: null, onAccount: true };
    // Every paid order has its transaction id (the intent it was paid with); a line of a
    // checkout paid with others gives back its own amount alone (issue 26).
    const { refundId } = await payments.refundPayment(row.transactionId ?? '', {
      orderId: row.id,
      amountCents,
      refundedBefore: row.refundedCents,
    });
    return { ...given, refundId };
  }

  /**
   * The credit note of a refund, in the transaction that records it. On account (issue 45), it
   * is taken off the open invoice; when that leaves nothing open (the payments received cover
   * the rest), the checkout's other lines are settled with the credit note's number.
   */
  async function creditNoteOf(
    tx: Transaction,
    row: OrderRow,
    given: Pick<GivenBack, 'amountCents' | 'taxCents' | 'refundId' | 'onAccount'>,
    kind: 'cancellation' | 'refund' | 'shipping',
    at: Date,
  ): Promise<CreditNote> {
    const note = await invoices.issueCreditNote(tx, row.id, {
      refundId: given.refundId,
      issuedAt: at,
      amountCents: given.amountCents,
      taxCents: given.taxCents,
      kind,
    });
    if (given.onAccount) {
      const settled = await invoices.creditOnAccount(tx, row.id, given.amountCents, at);
      if (settled) {
        const lines = await selectCheckoutLines(tx, row.checkoutId);
        const ids = lines.map((line) => line.id);
        await markOrdersSettled(tx, ids, settled.transactionId || note.number, at);
      }
    }
    return note;
  }

  /**
   * What a cancellation gives back, asked of the gateway before its transaction: what is left of
   * the line's amount when `refund` (nothing when nothing is left), or nothing. A line the gateway
   * refunded in full on its own gets its credit note without a second refund.
   */
  async function refundBeforeCancelling(
    row: OrderRow,
    refund: boolean,
  ): Promise<GivenBack | undefined> {
    if (isRefunded(row.status)) {
      return {
        amountCents: 0,
        taxCents: 0,
        refundedBefore: row.refundedCents,
        refundId: null,
        byGateway: true,
      };
    }
    const left = chargeOf(row) - row.refundedCents;
    // On account the invoice is credited whether or not a refund was asked: nothing was paid.
    return (refund || onOpenAccount(row)) && left > 0 ? giveBack(row, left) : undefined;
  }

  /**
   * Cancels a locked line in `tx`: records what `given` gave back (409 when another refund of it
   * went through since it was asked), issues its credit note and returns what of it has not
   * shipped to the stock (a line shipped in part keeps what left sold; made to order: none taken).
   */
  async function cancelLocked(
    tx: Transaction,
    row: OrderRow,
    given: GivenBack | undefined,
    at: Date,
  ): Promise<Cancelled> {
    if (given && row.refundedCents !== given.refundedBefore) {
      throw conflict(texts.adminErrors.refundedMeanwhile);
    }
    const order = await markOrderCancelled(tx, row.id, at, given?.amountCents ?? 0);
    const note = given
      ? await creditNoteOf(
          tx,
          row,
          given.byGateway
            ? { amountCents: chargeOf(row), taxCents: row.taxCents, refundId: null }
            : given,
          'cancellation',
          at,
        )
      : undefined;
    const unshipped = row.quantity - row.shippedQuantity;
    const stock =
      unshipped > 0 && !row.madeToOrder
        ? await tools.returnStock(tx, row.toolId, unshipped)
        : undefined;
    return { row: order, note, stock };
  }

  /** The line's timeline entry of its cancellation: its credit note, or that nothing went back. */
  function cancelledEvent(done: Cancelled, actor: { id: string } | undefined, at: Date) {
    const { row, note } = done;
    const detail: Record<string, string> = note
      ? {
          creditNote: note.number,
          creditNoteId: note.id,
          amount: formatMoney(centsToDollars(note.totalCents)),
        }
      : { refund: 'none' };
    return { orderId: row.id, kind: 'cancelled' as const, actorId: actor?.id ?? null, detail, at };
  }

  /**
   * The shipping a checkout's cancellation gives back through the gateway (issue 42): all of it,
   * when the cancellation ends every line of the checkout with a refund and nothing of it ever
   * left (no line shipped, even in part); keyed on the checkout, so it goes back once.
   */
  async function shippingBeforeCancelling(
    lines: readonly OrderRow[],
    targets: readonly OrderRow[],
  ): Promise<GivenBack | undefined> {
    const [first] = lines;
    const paidWith = lines.find((line) => line.transactionId)?.transactionId;
    const onAccount = lines.some((line) => !isCancelled(line.status) && onOpenAccount(line));
    if (!first || (!paidWith && !onAccount)) return undefined;
    const endsAll = lines.every((line) => isCancelled(line.status) || targets.includes(line));
    if (!endsAll || lines.some((line) => line.shippedQuantity > 0)) return undefined;
    const shipping = await charges.shippingOf(db, first.checkoutId);
    // The shipping and the tax added on top of it (issue 45).
    const taxCents = shipping?.shippingTaxCents ?? 0;
    const amountCents = (shipping?.shippingCents ?? 0) + taxCents;
    if (amountCents === 0 || shipping?.shippingRefundedCents !== 0) return undefined;
    // On account, its invoice open: the shipping is credited, nothing goes through the gateway.
    if (!paidWith) {
      return { amountCents, taxCents, refundedBefore: 0, refundId: null, onAccount: true };
    }
    const { refundId } = await payments.refundPayment(paidWith, {
      orderId: first.checkoutId,
      amountCents,
      refundedBefore: 0,
    });
    return { amountCents, taxCents, refundedBefore: 0, refundId };
  }

  /** A checkout all of whose lines were cancelled before: answered as it stands. */
  async function checkoutAsItStands(lines: readonly OrderRow[]): Promise<CancelCheckoutResponse> {
    return {
      lines: lines.map((row) => toManagedOrderDto(row, orderHoldHours)),
      creditNotes: [],
    };
  }

  return {
    /**
     * POST /manageOrders/{id}/cancel (admin). With a refund (the default), what is left of the
     * line's amount goes back first, outside the transaction (no lock is held across a call to
     * the gateway). The transaction then locks the order and decides on what it finds there:
     * cancelled meanwhile, it answers that cancellation; shipped meanwhile, the stock stays sold;
     * refunded in part meanwhile, 409. An order the gateway refunded in full gets its credit note
     * with no second refund. Idempotent: a cancelled order is answered as it is. An unpaid order
     * (remove it instead) and a disputed one (the card issuer decides) answer 409; an unknown
     * one 404.
     */
    async cancel(
      id: string,
      actor?: { id: string },
      request?: CancelOrder,
    ): Promise<CancelOrderResponse> {
      const found = await lineOf(id);
      if (isCancelled(found.status)) return alreadyCancelled(found);
      ensureCancellable(found.status);
      const given = await refundBeforeCancelling(found, request?.refund ?? true);

      const cancelled = await db.transaction(async (tx) => {
        const row = await selectOrderByIdForUpdate(tx, found.id);
        if (!row) throw notFound(serverTexts.orderErrors.orderNotFound);
        if (isCancelled(row.status)) return { row, first: false as const };
        const at = now();
        const done = await cancelLocked(tx, row, given, at);
        // The credit note's PDF is drawn from it when the e-mail leaves.
        const mail = orderCancelledMail(toManagedOrderDto(done.row, orderHoldHours), {
          publicUrl,
          creditNote: done.note && mailedNote(done.note),
          onAccount: given?.onAccount ?? false,
        });
        await outbox.enqueue(tx, mail, {
          orderId: row.id,
          ...(done.note ? { creditNoteId: done.note.id } : {}),
          mail: 'order cancelled',
        });
        await insertOrderEvents(tx, [
          cancelledEvent(done, actor, at),
          emailEvent(row.id, mail, at),
        ]);
        return { ...done, first: true as const };
      });
      // Another request cancelled it first: its answer is the one.
      if (!cancelled.first) return alreadyCancelled(cancelled.row);
      if (cancelled.stock) await catalog.stockMoved([cancelled.stock]);
      return {
        order: toManagedOrderDto(cancelled.row, orderHoldHours),
        creditNote: cancelled.note ? issued(cancelled.note) : null,
      };
    },

    /**
     * POST /manageCheckouts/{id}/cancel (admin, issue 42): every line of a paid checkout that may
     * be cancelled is, with or without its refund, in one transaction with one e-mail to the buyer
     * naming each line and carrying each credit note. The refunds go through the gateway first,
     * one per line (each keyed as a line's own, so a retry refunds none twice). Lines cancelled
     * already are left as they are; a checkout with nothing left to cancel answers as it stands.
     * An unknown checkout 404; one with an unpaid or disputed line and nothing else to cancel 409.
     */
    async cancelCheckout(
      checkoutId: string,
      actor?: { id: string },
      request?: CancelOrder,
    ): Promise<CancelCheckoutResponse> {
      const id = parseId(checkoutId);
      const lines = id ? await selectCheckoutLines(db, id) : [];
      if (lines.length === 0) throw notFound(serverTexts.orderErrors.checkoutNotFound);
      const targets = lines.filter((line) => canCancel(line.status));
      if (targets.length === 0) {
        if (lines.every((line) => isCancelled(line.status))) return checkoutAsItStands(lines);
        // Whatever is not cancelled cannot be: say why for the first such line.
        const blocked = lines.find((line) => !isCancelled(line.status));
        if (blocked) ensureCancellable(blocked.status);
      }
      const refund = request?.refund ?? true;
      const given = new Map<string, GivenBack | undefined>();
      for (const line of targets) given.set(line.id, await refundBeforeCancelling(line, refund));
      const onAccount = targets.some(onOpenAccount);
      const shippingGiven =
        refund || onAccount ? await shippingBeforeCancelling(lines, targets) : undefined;

      const cancelled = await db.transaction(async (tx) => {
        const locked = await selectCheckoutLinesForUpdate(tx, lines[0]!.checkoutId);
        const at = now();
        const done: Cancelled[] = [];
        for (const row of locked) {
          // Cancelled meanwhile, or not one of those refunded for: left as it is.
          if (!given.has(row.id) || isCancelled(row.status)) continue;
          done.push(await cancelLocked(tx, row, given.get(row.id), at));
        }
        if (done.length === 0) return { done, rows: locked };
        // The shipping's credit note names the checkout's first line (its invoice's).
        const shippingNote =
          shippingGiven && (await charges.refundAll(tx, locked[0]!.checkoutId))
            ? await creditNoteOf(tx, locked[0]!, shippingGiven, 'shipping', at)
            : undefined;
        const mail = checkoutCancelledMail(
          done.map((line) => ({
            order: toManagedOrderDto(line.row, orderHoldHours),
            creditNote: line.note && mailedNote(line.note),
          })),
          {
            publicUrl,
            ...(shippingNote ? { shippingNote: mailedNote(shippingNote) } : {}),
            onAccount,
          },
        );
        await outbox.enqueue(tx, mail, {
          checkoutId: locked[0]!.checkoutId,
          mail: 'checkout cancelled',
        });
        await insertOrderEvents(
          tx,
          done.flatMap((line) => [
            cancelledEvent(line, actor, at),
            emailEvent(line.row.id, mail, at),
          ]),
        );
        const after = await selectCheckoutLines(tx, locked[0]!.checkoutId);
        return { done, rows: after, shippingNote };
      });
      const stock = cancelled.done.flatMap((line) => (line.stock ? [line.stock] : []));
      if (stock.length > 0) await catalog.stockMoved(stock);
      return {
        lines: cancelled.rows.map((row) => toManagedOrderDto(row, orderHoldHours)),
        creditNotes: [
          ...cancelled.done.flatMap((line) => (line.note ? [issued(line.note)] : [])),
          ...('shippingNote' in cancelled && cancelled.shippingNote
            ? [issued(cancelled.shippingNote)]
            : []),
        ],
      };
    },

    /**
     * POST /manageOrders/{id}/refunds (admin, issue 42): `amount` of a paid line given back while
     * the line stands (a discount for a damaged tool, say), with its credit note and an e-mail.
     * Unpaid, disputed or refunded-in-full lines answer 409; more than is left 400; a refund of
     * the same line that went through meanwhile 409 (nothing is given back twice).
     */
    async refund(
      id: string,
      request: RefundOrder,
      actor?: { id: string },
    ): Promise<RefundOrderResponse> {
      const found = await lineOf(id);
      ensurePartRefundable(found.status);
      const amountCents = dollarsToCents(Number(request.amount));
      const left = chargeOf(found) - found.refundedCents;
      if (amountCents > left) {
        throw badRequest(texts.adminErrors.refundAboveLeft(formatMoney(centsToDollars(left))));
      }
      const given = await giveBack(found, amountCents);

      return db.transaction(async (tx) => {
        const row = await addOrderRefund(tx, found.id, given.refundedBefore, amountCents);
        if (!row) throw conflict(texts.adminErrors.refundedMeanwhile);
        const at = now();
        const note = await creditNoteOf(tx, row, given, 'refund', at);
        const order = toManagedOrderDto(row, orderHoldHours);
        const mail = orderRefundedMail(order, {
          publicUrl,
          creditNote: mailedNote(note),
          onAccount: given.onAccount ?? false,
        });
        await outbox.enqueue(tx, mail, {
          orderId: row.id,
          creditNoteId: note.id,
          mail: 'order refunded',
        });
        await insertOrderEvents(tx, [
          {
            orderId: row.id,
            kind: 'refunded',
            actorId: actor?.id ?? null,
            detail: {
              creditNote: note.number,
              creditNoteId: note.id,
              amount: formatMoney(centsToDollars(amountCents)),
            },
            at,
          },
          emailEvent(row.id, mail, at),
        ]);
        return { order, creditNote: issued(note) };
      });
    },
  };
}

export type OrderCancellation = ReturnType<typeof createOrderCancellation>;
