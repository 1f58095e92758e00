import {
  centsToDollars,
  dollarsToCents,
  texts,
  type HoldLimitResponse,
  type StockHold,
  type StockHoldsPage,
} from '@tools-factory/contract';
import { notFound } from '../../http-errors.ts';
import type { Account, IdentityService } from '../identity/identity.service.ts';
import type {
  HeldAccountsCursor,
  HeldOrderEntry,
  OrdersService,
} from '../orders/orders.service.ts';

/** The cursor's text, `<cents>_<userId>`, as a page's `next` (contract/src/holds.ts checks it). */
function holdsCursorText(cursor: HeldAccountsCursor): string {
  return `${cursor.totalCents}_${cursor.userId}`;
}

/** The cursor read back from an `after` whose shape StockHoldsPageQuerySchema checked. */
function holdsCursorAfter(after: string | undefined): HeldAccountsCursor | undefined {
  if (after === undefined) return undefined;
  const at = after.indexOf('_');
  return { totalCents: Number(after.slice(0, at)), userId: after.slice(at + 1) };
}

/**
 * Stock holds (docs/architecture.md#orders, issue 22): who holds what with unpaid orders, for the admins'
 * Stock holds page, and the release of an account's holds (its unpaid orders removed, their stock
 * back on sale).
 */
export function createHoldsService(options: {
  orders: Pick<
    OrdersService,
    'listHeldOrders' | 'pageHeldOrders' | 'releaseHoldsOf' | 'holdLimitOf'
  >;
  identity: Pick<IdentityService, 'findById' | 'findByIds' | 'setUnpaidHoldLimit'>;
}) {
  const { orders, identity } = options;

  /**
   * Each account's held orders (oldest first, as given), with its name, e-mail and limit, in
   * the order the accounts first come; an account removed meanwhile is left out.
   */
  async function holdsOf(
    held: readonly HeldOrderEntry[],
  ): Promise<(StockHold & { totalCents: number })[]> {
    const byAccount = new Map<string, HeldOrderEntry[]>();
    for (const entry of held) {
      byAccount.set(entry.userId, [...(byAccount.get(entry.userId) ?? []), entry]);
    }
    // Every account of the page in one query, not one per account.
    const accounts = await identity.findByIds([...byAccount.keys()]);
    const holds: (StockHold & { totalCents: number })[] = [];
    for (const [userId, entries] of byAccount) {
      const account = accounts.get(userId);
      // Removed between the two reads: its orders belong to nobody now.
      if (!account) continue;
      const totalCents = entries.reduce((sum, entry) => sum + entry.totalCents, 0);
      const limit = orders.holdLimitOf(account);
      holds.push({
        userId,
        name: account.name,
        email: account.email,
        emailVerified: account.emailVerified,
        orders: entries.map(({ order, totalCents: cents, holdUntil }) => ({
          _id: order._id,
          reference: order.reference,
          toolId: order.toolId,
          name: order.name,
          quantity: order.quantity,
          price: order.price,
          total: centsToDollars(cents),
          createdAt: order.createdAt,
          holdUntil: holdUntil.toISOString(),
          madeToOrder: order.madeToOrder,
        })),
        total: centsToDollars(totalCents),
        limit: centsToDollars(limit.cents),
        limitSource: limit.source,
        totalCents,
      });
    }
    return holds;
  }

  return {
    /**
     * GET /manageHolds: each account holding unpaid orders (name, e-mail, verified or not) with
     * those orders, oldest first, and its hold limit (who is near it); the accounts by their
     * orders' total, the largest first.
     */
    async listHolds(): Promise<StockHold[]> {
      const holds = await holdsOf(await orders.listHeldOrders());
      holds.sort((a, b) => b.totalCents - a.totalCents);
      return holds.map(({ totalCents: _cents, ...hold }) => hold);
    },

    /**
     * GET /manageHolds/page (issue 43): GET /manageHolds a page of accounts at a time, the
     * largest value first, then by account id, from where the page before ended.
     */
    async pageHolds(query: {
      pageSize: number;
      after?: string | undefined;
    }): Promise<StockHoldsPage> {
      const found = await orders.pageHeldOrders({
        limit: query.pageSize,
        after: holdsCursorAfter(query.after),
      });
      const byAccount = new Map((await holdsOf(found.entries)).map((hold) => [hold.userId, hold]));
      const holds = found.userIds.flatMap((userId) => {
        const hold = byAccount.get(userId);
        if (!hold) return [];
        const { totalCents: _cents, ...shown } = hold;
        return [shown];
      });
      return {
        holds,
        total: found.total,
        next: found.next ? holdsCursorText(found.next) : null,
      };
    },

    /**
     * POST /manageHolds/{userId}/release, by `admin` (named in each order's timeline): 404 for an
     * account that does not exist.
     */
    async release(
      admin: Account,
      userId: string,
    ): Promise<{ deletedCount: number; returnedUnits: number }> {
      if (!(await identity.findById(userId))) {
        throw notFound(texts.manageHolds.accountNotFound);
      }
      return orders.releaseHoldsOf(admin, userId);
    },

    /**
     * PUT /manageHolds/{userId}/limit: what the account's unpaid orders may come to, in dollars
     * (null: its default again); the next order is checked against it, the held ones are kept.
     * 404 for an account that does not exist.
     */
    async setLimit(userId: string, limit: number | null): Promise<HoldLimitResponse> {
      const cents = limit === null ? null : dollarsToCents(limit);
      const account = await identity.setUnpaidHoldLimit(userId, cents);
      if (!account) throw notFound(texts.manageHolds.accountNotFound);
      const now = orders.holdLimitOf(account);
      return { userId, limit: centsToDollars(now.cents), limitSource: now.source };
    },
  };
}

export type HoldsService = ReturnType<typeof createHoldsService>;
