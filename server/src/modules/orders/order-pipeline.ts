import { randomUUID } from 'node:crypto';
import type { StockChange } from '../../catalog/catalog-snapshot.ts';
import type { Transaction } from '../../db/client.ts';
import { badRequest, conflict } from '../../http-errors.ts';
import type { OutboxMail, OutboxWriter } from '../../mail/outbox.ts';
import type { Account } from '../identity/identity.service.ts';
import type { ReservedTool, ToolReference, ToolsService } from '../tools/tools.service.ts';
import type { CheckoutRow, NewCheckoutRow } from '../checkouts/checkout-row.ts';
import {
  AWAITING_APPROVAL_STATUS,
  INVOICED_STATUS,
  centsToDollars,
  FREE_SHIPPING,
  formatMoney,
  texts,
  shippingChargeOf,
  addedTaxOf,
  chargedTotalOf,
  type TaxTerms,
  type ShippingRates,
} from '@tools-factory/contract';
import type { OrderApprovals, SpendingPastLimit } from './order-approvals.ts';
import { taxTermsOf, UNTAXED_SHOP, type ShopTax } from './order-tax.ts';
import { emailEvent, eventRows, type NewOrderEvent } from './order-events.repository.ts';
import {
  ensurePayableTotal,
  ensureRoomForUnpaidCheckouts,
  ensureWithinHoldLimit,
  holdLimitOf,
  linesOverToolShare,
  reservedLineForShare,
  type HoldLimitDefaults,
  type ReservedLineForShare,
} from './order-rules.ts';
import {
  insertCheckoutWithOrders,
  insertEventsAndMails,
  insertOrderReservingStock,
  lockOrderPlacements,
  setCheckoutShipping,
  selectHoldingsAndReaders,
  type NewOrderRow,
  type OrderRow,
  type PlacedOrderEvent,
  type ReservedOrderColumns,
  type UnpaidHoldings,
} from './orders.repository.ts';

/*
 * The one way an order is placed (docs/architecture.md#orders): POST /order (a one-line
 * checkout), the cart's checkout (a line per cart line, the checkouts module) and an accepted
 * quote (one line at the agreed price) all run `place`, in their transaction:
 *   1. the account's placement lock (where the engine runs transactions side by side);
 *   2. the caller's own step under the lock (an Idempotency-Key's earlier placement, the cart);
 *   3. load: the account's unpaid holdings (and the e-mails' readers) in one query;
 *   4. rules: MAX_UNPAID_ORDERS; a company's locked list of ship-to addresses;
 *   5. reserve every line (the caller's conditional UPDATE ... RETURNING, the tools' rows locked
 *      until the commit), then the caller's rules on what the reservation returned (prices,
 *      totals, UNPAID_TOOL_SHARE, the hold limit), in the order each caller refuses in;
 *   6. a company buyer with a monthly limit (issue 44): their spending this month read; a
 *      checkout that takes it past the limit is placed awaiting approval, not payable;
 *   7. write the checkout and its orders from the reservation (one INSERT ... RETURNING);
 *   8. write their events and the e-mails, composed from the rows returned (one INSERT): the
 *      caller's, or those of a checkout awaiting approval (the buyer's, the company admins');
 *      POST /order's one line runs 5's reservation, 7 and 8 as one statement, its e-mails
 *      recipes of the order's row (rendered as they leave), then 5's rules (a refusal rolls all
 *      back: insertOrderReservingStock says which bench row that serves); for a buyer with a
 *      limit, whose order's status waits on its total, it runs the steps one by one instead;
 *   9. the low-stock e-mails of the reservations that crossed a threshold.
 * The caller hands the stock changes to the catalog after its commit.
 */

/** A line as its reservation left it: what its order copies of the tool, how many, at what. */
export type PlacedLine = {
  toolId: string;
  toolSku: string;
  toolName: string;
  toolImage: string;
  quantity: number;
  unitPriceCents: number;
  /** Its place in the buyer's order (the cart's), from 1; a line placed alone is line 1. */
  lineNumber?: number;
  /** The quote (a line of an accepted quote or request) its order is placed from. */
  quoteId?: string;
  /** The tool after its reservation; undefined when made to order (no stock taken). */
  reserved: ReservedTool | undefined;
};

/** The checks of step 5 the callers share, bound to the account's holdings. */
export type PlacementRules = {
  holdings: UnpaidHoldings;
  /** The lines (their tools reserved) that would take the account past its share of a tool. */
  overShare(
    lines: readonly PlacedLine[],
  ): Promise<{ line: ReservedLineForShare; maxUnits: number; heldUnits: number }[]>;
  /**
   * What shipping goods worth `goodsCents` are charged (SHIPPING_RATES), in cents; null when it
   * is quoted after ordering. `place` writes it on the checkout after the caller's rules.
   */
  shippingCentsOf(goodsCents: number): number | null;
  /**
   * What the checkout of goods worth `goodsCents` is charged: the goods, their shipping and the
   * tax added on top of both (issue 45; none when prices include it).
   */
  chargedTotalOf(goodsCents: number): number;
  /** A total one payment can pay (400), within the account's hold limit (403). */
  ensurePayableWithinHoldLimit(totalCents: number): void;
};

/** What a placement wrote: the checkout and its orders as the database returned them. */
export type Placed = {
  checkout: CheckoutRow;
  orders: OrderRow[];
  /** The stock each reservation left, for the catalog after the commit. */
  stock: StockChange[];
};

/** Thrown by `place` when POST /order's reservation took nothing (its caller says why). */
export const NOTHING_RESERVED = new Error('the reservation took nothing');

/** How a placement reserves its lines: step 5 as the caller writes it, or POST /order's one line. */
type PlacementReservation =
  | {
      /** Step 5: every line reserved, or the caller's refusal thrown (rolling back what it took). */
      reserve(tx: Transaction, rules: PlacementRules): Promise<PlacedLine[]>;
      /** Columns each order keeps besides its line. */
      orderColumns?: Partial<NewOrderRow>;
      /**
       * Step 7: the e-mails, composed from the rows written, `staff` being the staff's addresses;
       * the first is the buyer's, and each order's timeline notes it. None: no readers are read.
       */
      mails?(
        placed: { checkout: CheckoutRow; orders: OrderRow[] },
        staff: readonly string[],
      ): OutboxMail[];
    }
  | {
      /**
       * Steps 5 to 7 in one statement: this line's stock reserved by the purchase rule at the
       * unit price of its quantity, as its order, its events and its e-mails are written;
       * NOTHING_RESERVED thrown when none was taken.
       */
      reserveWithOrder: { tool: ToolReference; quantity: number };
      /** Columns the order keeps besides its line (an Idempotency-Key). */
      orderColumns?: Omit<ReservedOrderColumns, 'taxRateBasisPoints'>;
      /**
       * Step 8: the e-mails as recipes of the order's row (rendered as they leave): the buyer's
       * kind, with its subject for the timeline, and the staff's kind. None: no readers are read.
       */
      recipes?: OrderMailRecipes;
      /** The same e-mails composed now, for the steps run one by one (a buyer with a limit). */
      mails?(
        placed: { checkout: CheckoutRow; orders: OrderRow[] },
        staff: readonly string[],
      ): OutboxMail[];
    };

/** POST /order's e-mails, as kinds of recipe its module defined (OutboxWriter.defineRecipe). */
export type OrderMailRecipes = {
  /** Also the e-mail's `about` (the log's words for it). */
  buyer: { kind: string; subject(orderId: string): string };
  staff: { kind: string };
};

/** One placement, as its caller describes it (order-placement.ts, checkout-placement.ts). */
export type PlacementPlan<Earlier> = PlacementReservation & {
  caller: Account;
  /**
   * Step 2, under the lock: an earlier placement to answer instead (an Idempotency-Key's), or
   * undefined to go on. A refusal thrown here comes before any figure is read.
   */
  underLock?(tx: Transaction): Promise<Earlier | undefined>;
  /** Step 5: the caller's rules on the reserved lines, in its order of refusal. */
  check(lines: readonly PlacedLine[], rules: PlacementRules): Promise<void> | void;
  /** What the checkout keeps (the order rows copy its address and phone). */
  checkout: Omit<NewCheckoutRow, 'id' | 'userId' | 'email' | 'createdAt'>;
  /** The 'placed' event's detail (the checkout's id, the quote's). */
  eventDetail?(checkout: { id: string }): Record<string, string> | undefined;
  /**
   * Step 7b, a checkout placed on account (`checkout.payment`, issue 45) that needs no approval:
   * after its lines are written `invoiced`, before its e-mails are composed (they name what it
   * returns): the company's credit judged and the invoice issued, or a refusal thrown; answers
   * the detail of each line's 'invoiced' event (the invoice's number and due date).
   */
  onAccount?(
    tx: Transaction,
    written: { checkout: CheckoutRow; orders: OrderRow[] },
  ): Promise<Record<string, string>>;
};

export type PlacementPipelineOptions = {
  tools: ToolsService;
  outbox: OutboxWriter;
  maxUnpaidOrders: number;
  /** The default hold limits (UNPAID_HOLD_LIMIT, UNVERIFIED_HOLD_LIMIT), in cents. */
  holdLimits: HoldLimitDefaults;
  /** UNPAID_TOOL_SHARE: the percentage of a tool's stock one account may hold unpaid. */
  toolSharePercent: number;
  /** TAX_MODE and TAX_RATE_PERCENT, kept on each order as it is placed (issues 25 and 45). */
  tax?: ShopTax;
  /** SHIPPING_RATES (free when unset): each checkout's shipping, written as it is placed. */
  shippingRates?: ShippingRates;
  /** One transaction at a time on this engine (PGlite): the account's lock is the engine's own. */
  transactionsRunAlone?: boolean;
  /** Step 6: a company buyer's monthly limit, and the e-mails of a checkout past it. */
  approvals: Pick<OrderApprovals, 'pastLimit' | 'awaitingMails'>;
};

/** The placement pipeline (steps 1-8 above), for the three ways of placing orders. */
export function createPlacementPipeline(options: PlacementPipelineOptions) {
  const { tools, outbox, maxUnpaidOrders, holdLimits, toolSharePercent, approvals } = options;
  const shippingRates = options.shippingRates ?? FREE_SHIPPING;

  function rulesOf(
    tx: Transaction,
    caller: Account,
    holdings: UnpaidHoldings,
    checkoutId: string,
    tax: TaxTerms,
  ): PlacementRules {
    const shippingCentsOf = (goodsCents: number) => shippingChargeOf(shippingRates, goodsCents);
    return {
      holdings,
      shippingCentsOf,
      chargedTotalOf: (goodsCents) =>
        chargedTotalOf(tax, goodsCents + (shippingCentsOf(goodsCents) ?? 0)),
      overShare: (lines) =>
        linesOverToolShare(
          tx,
          caller.id,
          lines.flatMap(({ reserved, quantity }) =>
            reserved ? [reservedLineForShare(reserved, quantity)] : [],
          ),
          {
            unitsBound: holdings.units,
            sharePercent: toolSharePercent,
            exceptCheckoutId: checkoutId,
          },
        ),
      ensurePayableWithinHoldLimit(totalCents) {
        ensurePayableTotal(totalCents);
        ensureWithinHoldLimit(holdings.cents, totalCents, holdLimitOf(caller, holdLimits));
      },
    };
  }

  /** POST /order's reservation as a statement of its own (steps run one by one). */
  async function reserveAlone(
    tx: Transaction,
    request: { tool: ToolReference; quantity: number },
  ): Promise<PlacedLine[]> {
    const reserved = await tools.reserveAlone(tx, request);
    if (!reserved) throw NOTHING_RESERVED;
    return [
      {
        toolId: reserved.id,
        toolSku: reserved.sku,
        toolName: reserved.name,
        toolImage: reserved.image,
        quantity: request.quantity,
        unitPriceCents: reserved.unitPriceCents,
        reserved,
      },
    ];
  }

  /** The e-mails of a checkout placed past its buyer's limit (a company's, always). */
  function awaitingMails(
    tx: Transaction,
    written: { checkout: CheckoutRow; orders: OrderRow[] },
    buyer: Account,
    past: SpendingPastLimit,
  ): Promise<OutboxMail[]> {
    const { companyId } = written.checkout;
    if (!companyId) throw new Error('a checkout past a limit belongs to a company');
    return approvals.awaitingMails(tx, { companyId, orders: written.orders }, buyer, past);
  }

  /** The timeline's note of a line placed awaiting approval: the limit and what was spent. */
  function awaitingEvent(row: OrderRow, past: SpendingPastLimit): NewOrderEvent {
    return {
      orderId: row.id,
      kind: 'awaiting_approval',
      at: row.createdAt,
      detail: {
        limit: formatMoney(centsToDollars(past.limitCents)),
        spent: formatMoney(centsToDollars(past.spentCents)),
      },
    };
  }

  /**
   * Places `plan`'s lines as one checkout in `tx`: what it wrote, or the earlier placement its
   * `underLock` found. Every refusal is thrown, and rolls back with `tx` whatever was taken.
   */
  async function place<Earlier>(
    tx: Transaction,
    plan: PlacementPlan<Earlier>,
  ): Promise<{ earlier: Earlier } | { placed: Placed }> {
    const { caller } = plan;
    // 1. PGlite runs each transaction alone (db/transactions-run-alone.test.ts): there the lock
    // would always be free, a statement for nothing on the engine's one thread.
    if (!options.transactionsRunAlone) await lockOrderPlacements(tx, caller.id);
    // 2. After the lock, a request with the same key that was placing has committed.
    const earlier = await plan.underLock?.(tx);
    if (earlier !== undefined) return { earlier };
    // 3. Read under the lock, before any tool's row is locked (every buyer of it waits on that).
    // Every placement but POST /order's without e-mails reads them: a checkout placed past its
    // buyer's limit (step 6) is told of by e-mail, whoever placed it.
    const writesMails = 'reserveWithOrder' in plan ? plan.recipes : true;
    const readers = writesMails && outbox.readersColumn([caller.email]);
    const loaded = await selectHoldingsAndReaders(tx, caller.id, readers);
    // 4.
    ensureRoomForUnpaidCheckouts(loaded.holdings.checkouts, maxUnpaidOrders);
    // A company that ships only to its own addresses (issue 44): none typed.
    if (loaded.addressesLocked && !plan.checkout.shipToId) {
      throw conflict(texts.companyErrors.shipToRequired);
    }
    // A company that asks for a PO number on every checkout (issue 45), however it is paid.
    if (loaded.poNumberRequired && !plan.checkout.poNumber?.trim()) {
      throw badRequest(texts.checkout.errors.poNumberRequired);
    }
    // 5. The order rows copy the tools as their reservations returned them: an edit that landed
    // after step 3 is what the order is placed at, and the caller's rules see it.
    const checkout = {
      ...plan.checkout,
      id: randomUUID(),
      userId: caller.id,
      email: caller.email,
      // A buyer of a company places its checkouts (issue 44); left out otherwise, so that the
      // statement a buyer of none runs is the one it ran before companies.
      ...(loaded.companyId ? { companyId: loaded.companyId } : {}),
    };
    // Issue 45: the shop's tax, or reverse charge for a tax-exempt company, kept on each line.
    const tax = taxTermsOf(options.tax ?? UNTAXED_SHOP, loaded.taxExempt);
    const rules = rulesOf(tx, caller, loaded.holdings, checkout.id, tax);
    const taxRateBasisPoints = tax.rateBasisPoints;
    const prepared = readers?.prepared(loaded.readers);
    const detail = plan.eventDetail?.(checkout);
    let lines: PlacedLine[];
    let written: { checkout: CheckoutRow; orders: OrderRow[] };
    // One statement unless the line's tax is added on top: its part is known only once its price
    // is, so such a line takes the steps one by one.
    if ('reserveWithOrder' in plan && loaded.spendingLimitCents === null && tax.mode !== 'added') {
      // 5, 7 and 8 in one statement, then 5's rules.
      const orderId = randomUUID();
      const { recipes } = plan;
      const withMails = prepared && recipes && { prepared, recipes };
      const mails = withMails
        ? withMails.prepared.recipeRows(tx, [
            {
              to: caller.email,
              kind: withMails.recipes.buyer.kind,
              about: { mail: withMails.recipes.buyer.kind, orderId },
            },
            ...withMails.prepared.staff.map((to) => ({
              to,
              kind: withMails.recipes.staff.kind,
              about: { mail: withMails.recipes.staff.kind, orderId },
            })),
          ])
        : [];
      const events: PlacedOrderEvent[] = [
        { kind: 'placed', actorId: caller.id, detail },
        ...(withMails
          ? [
              {
                kind: 'email' as const,
                detail: { subject: withMails.recipes.buyer.subject(orderId) },
              },
            ]
          : []),
      ];
      const placed = await insertOrderReservingStock(
        tx,
        tools.reservationOf(tx, plan.reserveWithOrder),
        checkout,
        { ...plan.orderColumns, id: orderId, taxRateBasisPoints, taxMode: tax.mode },
        { events, mails },
      );
      if (!placed) throw NOTHING_RESERVED;
      const { order, reserved } = placed;
      lines = [
        {
          toolId: order.toolId,
          toolSku: order.toolSku,
          toolName: order.toolName,
          toolImage: order.toolImage,
          quantity: order.quantity,
          unitPriceCents: order.unitPriceCents,
          reserved,
        },
      ];
      await plan.check(lines, rules);
      // Its checkout was written before the line's price was known: its shipping follows.
      const shippingCents = rules.shippingCentsOf(order.unitPriceCents * order.quantity);
      const checkoutRow =
        shippingCents === placed.checkout.shippingCents
          ? placed.checkout
          : await setCheckoutShipping(tx, placed.checkout.id, shippingCents);
      written = { checkout: checkoutRow, orders: [order] };
    } else {
      lines =
        'reserveWithOrder' in plan
          ? await reserveAlone(tx, plan.reserveWithOrder)
          : await plan.reserve(tx, rules);
      await plan.check(lines, rules);
      const goodsCents = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
      // 6. Under the account's lock: the spending read here is every placement's before this one.
      const past = await approvals.pastLimit(tx, caller.id, loaded.spendingLimitCents, goodsCents);
      // Placed on account (issue 45): invoiced at once, unless it waits for approval first.
      const invoiced = !past && plan.checkout.payment === 'account';
      // 7. The checkout is charged its shipping on the goods placed, and the tax on both when it is
      // added on top: rounded once, shared among the lines and the shipping (contract/src/tax.ts).
      const shippingCents = rules.shippingCentsOf(goodsCents);
      const taxParts = addedTaxOf(tax, [
        ...lines.map((line) => line.unitPriceCents * line.quantity),
        shippingCents ?? 0,
      ]);
      written = await insertCheckoutWithOrders(
        tx,
        { ...checkout, shippingCents, shippingTaxCents: taxParts[lines.length] ?? 0 },
        lines.map((line, index) => ({
          userId: caller.id,
          email: caller.email,
          checkoutId: checkout.id,
          ...(checkout.companyId ? { companyId: checkout.companyId } : {}),
          ...(past
            ? { status: AWAITING_APPROVAL_STATUS }
            : invoiced
              ? { status: INVOICED_STATUS }
              : {}),
          poNumber: plan.checkout.poNumber,
          toolId: line.toolId,
          toolSku: line.toolSku,
          toolName: line.toolName,
          toolImage: line.toolImage,
          unitPriceCents: line.unitPriceCents,
          quantity: line.quantity,
          lineNumber: line.lineNumber ?? 1,
          address: plan.checkout.address,
          phone: plan.checkout.phone,
          madeToOrder: !line.reserved,
          taxRateBasisPoints,
          taxMode: tax.mode,
          taxCents: taxParts[index] ?? 0,
          ...(line.quoteId === undefined ? {} : { quoteId: line.quoteId }),
          ...plan.orderColumns,
        })),
      );
      // 7b. Its credit judged and its invoice issued (a refusal rolls everything back).
      let invoicedDetail: Record<string, string> | undefined;
      if (invoiced) {
        if (!plan.onAccount) throw new Error('a checkout on account needs its onAccount step');
        invoicedDetail = await plan.onAccount(tx, written);
      }
      // 8. The e-mails leave if and only if the orders commit; each order's timeline starts
      // with its placing and the buyer's e-mail.
      const mails = !prepared
        ? []
        : past
          ? await awaitingMails(tx, written, caller, past)
          : (plan.mails?.(written, prepared.staff) ?? []);
      const events: NewOrderEvent[] = written.orders.flatMap((row) => [
        { orderId: row.id, kind: 'placed', actorId: caller.id, at: row.createdAt, detail },
        ...(past ? [awaitingEvent(row, past)] : []),
        ...(invoicedDetail
          ? [
              {
                orderId: row.id,
                kind: 'invoiced' as const,
                at: row.createdAt,
                detail: invoicedDetail,
              },
            ]
          : []),
        ...(mails[0] ? [emailEvent(row.id, mails[0].message, row.createdAt)] : []),
      ]);
      await insertEventsAndMails(tx, eventRows(events), prepared ? prepared.rows(tx, mails) : []);
    }
    // 9.
    const stock: StockChange[] = [];
    for (const { reserved, quantity } of lines) {
      if (!reserved) continue;
      const lowStock = tools.lowStockCrossing(reserved, quantity);
      if (lowStock) await tools.announceLowStock(tx, lowStock);
      stock.push(tools.reservedStockChange(reserved));
    }
    return { placed: { ...written, stock } };
  }

  return { place };
}

export type PlacementPipeline = ReturnType<typeof createPlacementPipeline>;
