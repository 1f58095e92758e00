import { Readable } from 'node:stream';
import {
  serverTexts,
  type Checkout,
  type CheckoutRequest,
  type MyCheckoutsPage,
} from '@tools-factory/contract';
import type { CatalogChanged } from '../../catalog/catalog-snapshot.ts';
import type { Database } from '../../db/client.ts';
import { keysetCursorAfter, keysetCursorText } from '../../db/keyset-cursor.ts';
import { notFound } from '../../http-errors.ts';
import { parseId } from '../../ids.ts';
import { jsonArrayOfPages } from '../../json-array-stream.ts';
import type { Account } from '../identity/identity.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { OrderLinesOfCheckouts, OrderRow } from '../orders/orders-of-checkouts.ts';
import type { ToolsService } from '../tools/tools.service.ts';
import { createCheckoutDtos } from './checkout-dto.ts';
import type { CheckoutsOnAccount } from './checkout-on-account.ts';
import { createCheckoutPlacement, type CartForCheckout } from './checkout-placement.ts';
import {
  selectCheckout,
  selectCheckoutByIdempotencyKey,
  selectCheckoutsByIds,
} from './checkouts.repository.ts';

/** Lines read at a time for GET /checkouts's stream. */
const OWN_CHECKOUTS_PAGE_LINES = 500;

export type CheckoutsServiceOptions = {
  db: Database;
  /** The orders' placement pipeline and order DTO: a checkout's lines are orders. */
  orders: Pick<OrdersService, 'placementPipeline' | 'orderDto'>;
  /** A checkout's lines and the caller's lines (the orders module's `linesOfCheckouts`). */
  orderLines: Pick<OrderLinesOfCheckouts, 'linesOf' | 'checkoutsOfUser' | 'pageOfUser'>;
  /** The cart a checkout places and empties (the cart module's `cartForCheckout`). */
  cart: CartForCheckout;
  /** Told of the stock the checkout reserved, after its commit. */
  catalog: CatalogChanged;
  /** Why a line could not be reserved (the tool as it stands now). */
  tools: ToolsService;
  /** Where the e-mails' links lead (PUBLIC_URL). */
  publicUrl: string;
  /** A checkout on account's terms, credit and invoice (issue 45; the invoices module's). */
  onAccount: CheckoutsOnAccount;
};

/**
 * Checkouts (docs/architecture.md#orders): the caller's cart placed through the orders' pipeline
 * (checkout-placement.ts), and the caller's checkouts with their lines.
 */
export function createCheckoutsService(options: CheckoutsServiceOptions) {
  const { db, orders, orderLines, cart, catalog, tools, publicUrl, onAccount } = options;
  const checkoutDtos = createCheckoutDtos(orders.orderDto, orderLines);
  const placement = createCheckoutPlacement({
    db,
    cart,
    catalog,
    tools,
    dtos: checkoutDtos,
    pipeline: orders.placementPipeline,
    publicUrl,
    onAccount,
  });

  /** Checkouts with their lines, newest first: `rows` are every line of those checkouts. */
  async function checkoutsOfLines(rows: readonly OrderRow[]): Promise<Checkout[]> {
    const linesByCheckout = new Map<string, OrderRow[]>();
    for (const row of rows) {
      linesByCheckout.set(row.checkoutId, [...(linesByCheckout.get(row.checkoutId) ?? []), row]);
    }
    const heads = await selectCheckoutsByIds(db, [...linesByCheckout.keys()]);
    return heads
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id))
      .map((head) => checkoutDtos.checkoutDto(head, linesByCheckout.get(head.id) ?? []));
  }

  /** The account's every checkout, newest first, a page of lines at a time (each its JSON text). */
  async function* checkoutTexts(userId: string, pageSize: number): AsyncGenerator<string[]> {
    for await (const checkouts of orderLines.checkoutsOfUser(db, userId, pageSize)) {
      const ids = checkouts.map((lines) => lines[0]!.checkoutId);
      const heads = new Map((await selectCheckoutsByIds(db, ids)).map((head) => [head.id, head]));
      // Every line has its checkout (a foreign key that is never null).
      yield checkouts.map((lines) =>
        JSON.stringify(checkoutDtos.checkoutDto(heads.get(lines[0]!.checkoutId)!, lines)),
      );
    }
  }

  return {
    /** POST /checkout: the caller's cart as one checkout (checkout-placement.ts). */
    placeCheckout(caller: Account, input: CheckoutRequest, idempotencyKey: string) {
      return placement.placeCheckout(caller, input, idempotencyKey);
    },

    /** True when this account placed a checkout with this key already (not rate limited). */
    async isRetryOfPlacedCheckout(caller: Account, idempotencyKey: string): Promise<boolean> {
      return (await selectCheckoutByIdempotencyKey(db, caller.id, idempotencyKey)) !== undefined;
    },

    /**
     * GET /checkouts: the caller's checkouts (a one-line one per POST /order), newest first, as
     * a JSON array written a page of lines at a time while the client takes it (issue 43: a
     * buyer's whole history in the memory of one page).
     */
    streamOwnCheckouts(caller: Pick<Account, 'id'>, pageSize = OWN_CHECKOUTS_PAGE_LINES): Readable {
      return Readable.from(jsonArrayOfPages(checkoutTexts(caller.id, pageSize)));
    },

    /**
     * GET /checkouts/page (issue 43): the caller's checkouts a page at a time, newest first as
     * GET /checkouts, read off the orders by (user, time, checkout) from the page before's `next`.
     */
    async pageOwnCheckouts(
      caller: Account,
      query: { pageSize: number; after?: string | undefined },
    ): Promise<MyCheckoutsPage> {
      const found = await orderLines.pageOfUser(db, caller.id, {
        limit: query.pageSize,
        after: keysetCursorAfter(query.after),
      });
      // In the keyset's order, which the checkouts' own times need not break ties in alike.
      const position = new Map(found.checkoutIds.map((id, index) => [id, index]));
      const checkouts = (await checkoutsOfLines(found.rows)).sort(
        (a, b) => position.get(a._id)! - position.get(b._id)!,
      );
      return {
        checkouts,
        total: found.total,
        next: found.next ? keysetCursorText(found.next) : null,
      };
    },

    /**
     * GET /checkouts/{id}: the caller's own checkout with its lines. Someone else's, one whose
     * lines are all gone, an unknown or a malformed id: 404, as for an order.
     */
    async findOwnCheckout(caller: Account, id: string): Promise<Checkout> {
      const checkoutId = parseId(id);
      const head = checkoutId ? await selectCheckout(db, checkoutId) : undefined;
      if (!head || head.userId !== caller.id) {
        throw notFound(serverTexts.orderErrors.checkoutNotFound);
      }
      const lines = await orderLines.linesOf(db, head.id);
      if (lines.length === 0) throw notFound(serverTexts.orderErrors.checkoutNotFound);
      return checkoutDtos.checkoutDto(head, lines);
    },
  };
}

export type CheckoutsService = ReturnType<typeof createCheckoutsService>;
