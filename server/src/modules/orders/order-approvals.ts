import { texts, type Order } from '@tools-factory/contract';
import type { CatalogChanged } from '../../catalog/catalog-snapshot.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { conflict, notFound } from '../../http-errors.ts';
import { parseId } from '../../ids.ts';
import type { OutboxMail, OutboxWriter } from '../../mail/outbox.ts';
import {
  approvalNeededMail,
  awaitingApprovalMail,
  checkoutApprovedMail,
  checkoutRejectedMail,
  type SpendingPastLimit,
} from '../../mail/templates/approvals.ts';
import { selectApproversOf } from '../companies/companies-of-orders.ts';
import type { Account, IdentityService } from '../identity/identity.service.ts';
import type { ToolsService } from '../tools/tools.service.ts';
import type { CheckoutRow } from '../checkouts/checkout-row.ts';
import type { OrderDtos } from './order-dto.ts';
import { emailEvent, insertOrderEvents, type NewOrderEvent } from './order-events.repository.ts';
import {
  decideAwaitingCheckout,
  isCheckoutOfCompany,
  selectAwaitingOrdersOfCompany,
  selectCheckoutRow,
  selectSpentThisMonthCents,
  type OrderRow,
} from './orders.repository.ts';
import { returnStockOf } from './returned-stock.ts';

export type { SpendingPastLimit } from '../../mail/templates/approvals.ts';

const words = texts.companyErrors;

export type OrderApprovalsOptions = {
  db: Database;
  tools: ToolsService;
  catalog: CatalogChanged;
  outbox: OutboxWriter;
  /** The company admins' addresses and names, read in the placement's transaction. */
  identity: Pick<IdentityService, 'findByIds'>;
  dtos: OrderDtos;
  publicUrl: string;
  now: () => Date;
  /**
   * A checkout placed on account (issue 45), approved: its company's credit judged and its
   * invoice issued in the approval's transaction (the invoices module's, which app.ts hands over).
   */
  invoiceOnAccount: InvoiceOnAccount;
};

/** The invoices module's step of a checkout on account (a refusal throws, in words). */
export type InvoiceOnAccount = (
  tx: Transaction,
  written: { checkout: CheckoutRow; orders: readonly OrderRow[] },
) => Promise<{ number: string; dueAt: Date }>;

/** A checkout awaiting approval, as the orders module knows it (its company adds the names). */
export type AwaitingCheckout = {
  checkoutId: string;
  userId: string | null;
  lines: Order[];
};

/**
 * Spending limits and approvals (issue 44, docs/architecture.md#companies): what a company
 * buyer has spent this month, whether a placement takes them past their limit (read under their
 * placement lock, in the placement's transaction: two checkouts at once cannot both slip under
 * it), the e-mails of a checkout that waits, and a company admin's decision on it.
 */
export function createOrderApprovals(options: OrderApprovalsOptions) {
  const { db, tools, catalog, outbox, identity, dtos, publicUrl, now, invoiceOnAccount } = options;

  return {
    /**
     * In a placement's transaction, under the buyer's lock: undefined when `goodsCents` more
     * keeps the buyer within `limitCents` this month (or they have no limit), else where their
     * spending stood.
     */
    async pastLimit(
      tx: Transaction,
      buyerId: string,
      limitCents: number | null,
      goodsCents: number,
    ): Promise<SpendingPastLimit | undefined> {
      if (limitCents === null) return undefined;
      const spentCents = (await selectSpentThisMonthCents(tx, [buyerId])).get(buyerId) ?? 0;
      return spentCents + goodsCents > limitCents ? { limitCents, spentCents } : undefined;
    },

    /**
     * The e-mails of a checkout placed awaiting approval, in its transaction: the buyer's first
     * (its lines' timeline notes it), then one to each admin of the company.
     */
    async awaitingMails(
      tx: Transaction,
      placed: { companyId: string; orders: readonly OrderRow[] },
      buyer: Account,
      past: SpendingPastLimit,
    ): Promise<OutboxMail[]> {
      const lines = placed.orders.map((row) => dtos.orderDto(row));
      const about = { orderId: placed.orders[0]!.id };
      const { adminIds } = await selectApproversOf(tx, placed.companyId);
      const admins = await identity.findByIds(adminIds, tx);
      const holdUntil = lines[0]?.holdUntil ?? now().toISOString();
      return [
        {
          message: awaitingApprovalMail(lines, { past, publicUrl }),
          about: { ...about, mail: 'checkout awaiting approval' },
        },
        ...[...admins.values()].map((admin) => ({
          message: approvalNeededMail(lines, {
            to: { email: admin.email, name: admin.name },
            buyerName: buyer.name,
            past,
            holdUntil,
            publicUrl,
          }),
          about: { ...about, mail: 'approval needed, to the company admins' },
        })),
      ];
    },

    /** What counts against each account's limit this month, in cents (none: 0). */
    spentThisMonthCents(userIds: readonly string[]): Promise<Map<string, number>> {
      return selectSpentThisMonthCents(db, userIds);
    },

    /** The company's checkouts awaiting approval, oldest first, each with its lines. */
    async awaitingOfCompany(companyId: string): Promise<AwaitingCheckout[]> {
      const byCheckout = new Map<string, OrderRow[]>();
      for (const row of await selectAwaitingOrdersOfCompany(db, companyId)) {
        byCheckout.set(row.checkoutId, [...(byCheckout.get(row.checkoutId) ?? []), row]);
      }
      return [...byCheckout].map(([checkoutId, rows]) => ({
        checkoutId,
        userId: rows[0]!.userId,
        lines: rows.sort((a, b) => a.lineNumber - b.lineNumber).map((row) => dtos.orderDto(row)),
      }));
    },

    /**
     * A company admin approves (payable now, held afresh) or rejects (with a reason; its stock
     * back on sale) a checkout of the company awaiting approval, every line at once; the buyer is
     * told by e-mail, and each line's timeline names who decided. 404 for a checkout that is not
     * the company's; 409 for one no longer waiting (decided, removed, expired).
     */
    async decide(
      actor: Account,
      which: { companyId: string; checkoutId: string },
      decision: { approve: true } | { approve: false; reason: string },
    ): Promise<{ reference: string }> {
      const checkoutId = parseId(which.checkoutId);
      if (!checkoutId) throw notFound(words.approvalNotFound);
      const at = now();
      const outcome = await db.transaction(async (tx) => {
        // Placed on account (issue 45): approved, it is invoiced rather than paid by card.
        const checkout = await selectCheckoutRow(tx, checkoutId);
        const onAccount = checkout?.payment === 'account';
        const kind = !decision.approve ? 'reject' : onAccount ? 'approveOnAccount' : 'approve';
        const rows = await decideAwaitingCheckout(
          tx,
          { checkoutId, companyId: which.companyId },
          kind,
          at,
        );
        if (rows.length === 0 || !checkout) {
          const ours = await isCheckoutOfCompany(tx, checkoutId, which.companyId);
          throw ours ? conflict(words.notAwaiting) : notFound(words.approvalNotFound);
        }
        rows.sort((a, b) => a.lineNumber - b.lineNumber);
        // Its credit judged under the company's lock; a refusal rolls the approval back.
        const invoice =
          kind === 'approveOnAccount'
            ? await invoiceOnAccount(tx, { checkout, orders: rows })
            : undefined;
        const lines = rows.map((row) => dtos.orderDto(row));
        const approver = actor.name.trim() || actor.email;
        const message = decision.approve
          ? checkoutApprovedMail(lines, { approver, publicUrl, ...(invoice ? { invoice } : {}) })
          : checkoutRejectedMail(lines, { approver, reason: decision.reason, publicUrl });
        await outbox.enqueue(tx, message, {
          orderId: rows[0]!.id,
          mail: decision.approve ? 'checkout approved' : 'checkout rejected',
        });
        await insertOrderEvents(
          tx,
          rows.flatMap((row): NewOrderEvent[] => [
            {
              orderId: row.id,
              kind: decision.approve ? 'approved' : 'rejected',
              actorId: actor.id,
              at,
              ...(decision.approve ? {} : { detail: { reason: decision.reason } }),
            },
            ...(invoice
              ? [
                  {
                    orderId: row.id,
                    kind: 'invoiced' as const,
                    at,
                    detail: { invoice: invoice.number, due: invoice.dueAt.toISOString() },
                  },
                ]
              : []),
            emailEvent(row.id, message, at),
          ]),
        );
        const { changes } = decision.approve
          ? { changes: [] }
          : await returnStockOf(tx, tools, rows);
        return { reference: lines[0]!.checkoutReference, changes };
      });
      if (outcome.changes.length > 0) await catalog.stockMoved(outcome.changes);
      return { reference: outcome.reference };
    },
  };
}

export type OrderApprovals = ReturnType<typeof createOrderApprovals>;
