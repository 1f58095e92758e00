import {
  centsToDollars,
  dollarsToCents,
  isOfferExpired,
  isPayableTotal,
  isQuoteQuantityAllowed,
  isTodayOrLater,
  MAX_OPEN_QUOTES,
  orderTotal,
  PAYABLE_LIMIT_TEXT,
  quoteReference,
  serverTexts,
  texts,
  todayUtc,
  unitPriceFor,
  type AcceptQuoteRequest,
  type AcceptQuoteRequestResponse,
  type ManagedQuoteRequest,
  type ManagedQuoteRequestsPage,
  type MyQuoteRequestsPage,
  type OfferQuoteRequest,
  type QuoteRequest,
  type RequestQuoteFromCart,
  type Tool,
} from '@tools-factory/contract';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts';
import type { Transaction } from '../../db/client.ts';
import { keysetCursorAfter, keysetCursorText } from '../../db/keyset-cursor.ts';
import {
  badRequest,
  conflict,
  LinesError,
  notFound,
  unauthorized,
  type LineProblem,
} from '../../http-errors.ts';
import { parseId } from '../../ids.ts';
import {
  quoteRequestAcceptedForAdminsMail,
  quoteRequestAcceptedMail,
  quoteRequestDeclinedMail,
  quoteRequestOfferedMail,
  quoteRequestRequestedForStaffMail,
  quoteRequestRequestedMail,
} from '../../mail/templates/quote-requests.ts';
import type { Account } from '../identity/identity.service.ts';
import type { CartService } from '../cart/cart.service.ts';
import type { OrderableTool } from '../tools/tools.service.ts';
import { groupedCursorAfter, groupedCursorText } from './quote-page-cursor.ts';
import {
  countQuoteHeads,
  selectManagedQuoteKeys,
  selectOwnQuoteKeys,
  selectRowsOfKeys,
} from './quote-pages.repository.ts';
import { customerRefusal, isOpenToAdmins, LIST_RANK, offerOf, statusOf } from './quote-rows.ts';
import {
  countOpenQuotes,
  insertQuoteRequest,
  lockQuoteRequests,
  selectAllRequestLines,
  selectLinesOfRequest,
  selectQuoteRequestForUpdate,
  selectRequestLinesOfUser,
  updateLineOffers,
  updateLinesOfRequest,
  type QuoteRow,
} from './quotes.repository.ts';
import type { QuotesServiceOptions } from './quotes.service.ts';

export type QuoteRequestsServiceOptions = QuotesServiceOptions & {
  /** The caller's cart lines, which a request asks a price for (the cart is left as it is). */
  cart: Pick<CartService, 'linesToQuote'>;
};

/** Where the request's lines stand: their shared columns, read from the first line. */
type Lines = readonly [QuoteRow, ...QuoteRow[]];

function asLines(rows: readonly QuoteRow[]): Lines {
  const [first, ...rest] = rows;
  if (!first) throw new Error('a quote request without lines');
  return [first, ...rest];
}

/** A request locked in a transaction: its id, its customer and its lines. */
type LockedRequest = { id: string; userId: string; lines: Lines };

/** The lines of several requests, grouped by request in the order they come. */
function byRequest(rows: readonly QuoteRow[]): Lines[] {
  const groups = new Map<string, QuoteRow[]>();
  for (const row of rows) {
    if (row.requestId === null) continue;
    const group = groups.get(row.requestId) ?? [];
    group.push(row);
    groups.set(row.requestId, group);
  }
  return [...groups.values()].map(asLines);
}

/** The request's offer total: every line's price times its quantity, added in cents. */
function offerTotalCents(lines: Lines): number {
  return lines.reduce((sum, line) => sum + (line.offerPriceCents ?? 0) * line.quantity, 0);
}

function toRequestDto(
  lines: Lines,
  orders: { orderIds: ReadonlyMap<string, string>; checkoutIds: ReadonlyMap<string, string> },
  now: Date,
): QuoteRequest {
  const [first] = lines;
  const offer = offerOf(first);
  const requestId = first.requestId ?? first.id;
  const checkoutId = lines.map((line) => orders.checkoutIds.get(line.id)).find(Boolean) ?? null;
  return {
    _id: requestId,
    reference: quoteReference(requestId),
    neededBy: first.neededBy,
    note: first.note,
    email: first.email,
    status: statusOf(first, now),
    requestedAt: first.requestedAt.toISOString(),
    offer: offer
      ? {
          total: centsToDollars(offerTotalCents(lines)),
          validUntil: offer.validUntil,
          offeredAt: offer.offeredAt.toISOString(),
          note: offer.note,
        }
      : null,
    declineReason: first.declineReason,
    checkoutId,
    lines: lines.map((line) => {
      const price = line.offerPriceCents === null ? null : centsToDollars(line.offerPriceCents);
      return {
        _id: line.id,
        toolId: line.toolId,
        name: line.toolName,
        img: line.toolImage,
        quantity: line.quantity,
        offer: price === null ? null : { price, total: orderTotal(price, line.quantity) },
        orderId: orders.orderIds.get(line.id) ?? null,
      };
    }),
  };
}

/** A request as the admins see it: each line beside the catalog's price and stock now. */
function toManagedRequest(
  request: QuoteRequest,
  onSale: ReadonlyMap<string, Tool>,
): ManagedQuoteRequest {
  return {
    ...request,
    lines: request.lines.map((line) => {
      const tool = onSale.get(line.toolId);
      return {
        ...line,
        catalogUnitPrice: tool ? unitPriceFor(tool, line.quantity) : null,
        availableQuantity: tool?.availableQuantity ?? null,
      };
    }),
  };
}

const NO_ORDERS = { orderIds: new Map<string, string>(), checkoutIds: new Map<string, string>() };

/**
 * Each line's unit price as sent (`lines`), in cents by line id, when they name every line of
 * the request once and no other; otherwise 409 (the page read other lines: reload).
 */
function pricesOfLines(
  lines: Lines,
  sent: readonly { quoteId: string; price: number }[],
): Map<string, number> {
  const prices = new Map(sent.map(({ quoteId, price }) => [quoteId, dollarsToCents(price)]));
  const same = prices.size === lines.length && lines.every((line) => prices.has(line.id));
  if (!same) throw conflict(serverTexts.quoteErrors.linesChanged);
  return prices;
}

/**
 * Quote requests of several lines (docs/architecture.md#business-buyers, issue 42; why this
 * shape: docs/decisions/052): every line of the cart asked for at once. Each line is a quote of
 * one tool (its rules, its columns, its order's `quote_id`); the lines share their status, offer
 * day, notes and reason, which only this service writes, always all together, on the request's
 * locked row. Accepting places ONE checkout through the orders' placement pipeline.
 */
export function createQuoteRequestsService(options: QuoteRequestsServiceOptions) {
  const { db, orders, tools, catalog, outbox, publicUrl, cart, now: clock } = options;

  async function requestDtos(groups: readonly Lines[], now: Date): Promise<QuoteRequest[]> {
    const accepted = groups.flatMap((lines) =>
      lines[0].status === 'accepted' ? lines.map((line) => line.id) : [],
    );
    const placed = {
      orderIds: await orders.orderIdsOfQuotes(accepted),
      checkoutIds: await orders.checkoutIdsOfQuotes(accepted),
    };
    return groups.map((lines) => toRequestDto(lines, placed, now));
  }

  async function catalogTools(): Promise<Map<string, Tool>> {
    return new Map((await tools.listCatalog()).map((tool) => [tool._id, tool]));
  }

  /** A page's requests in the page's order (its keys'), each with its lines, as their DTOs. */
  async function requestsOfPage(found: { keys: string[] }, now: Date): Promise<QuoteRequest[]> {
    const groups = new Map(
      byRequest(await selectRowsOfKeys(db, 'request', found.keys)).map((lines) => [
        lines[0].requestId,
        lines,
      ]),
    );
    const pageGroups = found.keys
      .map((key) => groups.get(key))
      .filter((lines) => lines !== undefined);
    return requestDtos(pageGroups, now);
  }

  /** A request and its lines, locked until `tx` ends; unknown or malformed ids answer 404. */
  async function lockRequest(tx: Transaction, id: string): Promise<LockedRequest> {
    const requestId = parseId(id);
    const request = requestId ? await selectQuoteRequestForUpdate(tx, requestId) : undefined;
    if (!request) throw notFound(serverTexts.quoteErrors.quoteNotFound);
    const lines = asLines(await selectLinesOfRequest(tx, request.id));
    return { id: request.id, userId: request.userId, lines };
  }

  /** The caller's own request, locked; someone else's is answered as not found. */
  async function lockOwnRequest(
    tx: Transaction,
    caller: Account,
    id: string,
  ): Promise<LockedRequest> {
    const request = await lockRequest(tx, id);
    if (request.userId !== caller.id) throw notFound(serverTexts.quoteErrors.quoteNotFound);
    return request;
  }

  /**
   * Why a cart line cannot be quoted, by a quote's rules: its tool is not on sale, the quantity
   * is not above the tool's minimum, or could never be paid even at a cent a unit.
   */
  async function lineProblem(
    line: { toolId: string; quantity: number },
    tool: OrderableTool | undefined,
  ): Promise<LineProblem | undefined> {
    const sku = tool?.sku ?? (await tools.skuOf(db, line.toolId));
    const problem = !tool
      ? texts.cart.problems.withdrawn
      : !isQuoteQuantityAllowed(line.quantity, tool)
        ? texts.quotes.quantityTooSmall(tool.minOrderQuantity)
        : !isPayableTotal(line.quantity)
          ? serverTexts.quoteErrors.quantityTooLargeToPay(PAYABLE_LIMIT_TEXT)
          : undefined;
    return problem === undefined ? undefined : { toolId: line.toolId, sku, message: problem };
  }

  return {
    /**
     * POST /quoteRequests: every line of the caller's cart (oldest first, as the cart lists
     * them) asked for at once, needed by a date today or later, with a note; the cart is left
     * as it is. Each line is held to a quote's rules; any line refused refuses the whole request
     * (409, each such line named with its reason), nothing created. The request counts once
     * against MAX_OPEN_QUOTES, under the same per-account lock as a quote's request.
     */
    async requestFromCart(caller: Account, input: RequestQuoteFromCart): Promise<QuoteRequest> {
      const now = clock();
      if (!isTodayOrLater(input.neededBy, now)) throw badRequest(texts.quotes.neededByPast);
      const wanted = await cart.linesToQuote(caller);
      if (wanted.length === 0) throw badRequest(serverTexts.quoteErrors.emptyCart);
      const found = await Promise.all(
        wanted.map(async (line) => ({
          line,
          tool: await tools.findOrderable({ id: line.toolId }),
        })),
      );
      const problems = (
        await Promise.all(found.map(({ line, tool }) => lineProblem(line, tool)))
      ).filter((problem) => problem !== undefined);
      if (problems.length > 0) {
        throw new LinesError(409, serverTexts.quoteErrors.linesRefused, problems);
      }
      const quoted = found.flatMap(({ line, tool }) => (tool ? [{ ...line, tool }] : []));
      const rows = await db
        .transaction(async (tx) => {
          await lockQuoteRequests(tx, caller.id);
          if ((await countOpenQuotes(tx, caller.id, todayUtc(now))) >= MAX_OPEN_QUOTES) {
            throw conflict(serverTexts.quoteErrors.tooManyOpenQuotes(MAX_OPEN_QUOTES));
          }
          const inserted = await insertQuoteRequest(
            tx,
            { userId: caller.id, requestedAt: now },
            quoted.map(({ tool, quantity }) => ({
              email: caller.email,
              toolId: tool.id,
              toolName: tool.name,
              toolImage: tool.image,
              quantity,
              neededBy: input.neededBy,
              note: input.note,
            })),
          );
          const request = toRequestDto(asLines(inserted), NO_ORDERS, now);
          const about = { quoteId: request._id };
          await outbox.enqueue(tx, quoteRequestRequestedMail(request, { publicUrl }), {
            ...about,
            mail: 'quote request of several lines',
          });
          await outbox.enqueueForStaff(
            tx,
            (to) => quoteRequestRequestedForStaffMail(request, { publicUrl, to }),
            { ...about, mail: 'quote request of several lines, to staff' },
          );
          return inserted;
        })
        .catch((error: unknown) => {
          // The account was removed after the guard read it.
          if (isForeignKeyViolation(error)) throw unauthorized(texts.identityErrors.notSignedIn);
          throw error;
        });
      return toRequestDto(asLines(rows), NO_ORDERS, now);
    },

    /** GET /quoteRequests: the caller's own requests of several lines, newest first. */
    async listOwnRequests(caller: Account): Promise<QuoteRequest[]> {
      const now = clock();
      return requestDtos(byRequest(await selectRequestLinesOfUser(db, caller.id)), now);
    },

    /**
     * GET /quoteRequests/page (issue 43): the caller's own requests a page at a time, newest
     * first as GET /quoteRequests, from where the page before ended (its `next`).
     */
    async pageOwnRequests(
      caller: Account,
      query: { pageSize: number; after?: string | undefined },
    ): Promise<MyQuoteRequestsPage> {
      const now = clock();
      const [found, total] = await Promise.all([
        selectOwnQuoteKeys(db, 'request', caller.id, {
          limit: query.pageSize,
          after: keysetCursorAfter(query.after),
        }),
        countQuoteHeads(db, 'request', caller.id),
      ]);
      return {
        requests: await requestsOfPage(found, now),
        total,
        next: found.next ? keysetCursorText(found.next) : null,
      };
    },

    /**
     * POST /quoteRequests/{id}/accept: the request's customer accepts the standing offer at
     * the prices they saw. In one transaction, on the locked request: ONE unpaid checkout with
     * an order per line at its offered unit price (orders.placeQuotedCheckout: each line's
     * stock reserved when there is enough, else made to order), and every line accepted; the
     * e-mails are written in the same transaction.
     */
    async acceptRequest(
      caller: Account,
      id: string,
      input: AcceptQuoteRequest,
    ): Promise<AcceptQuoteRequestResponse> {
      const accepted = await db
        .transaction(async (tx) => {
          const { id: requestId, lines } = await lockOwnRequest(tx, caller, id);
          const [first] = lines;
          const now = clock();
          const refusal = customerRefusal(first);
          if (refusal) throw refusal;
          const offer = offerOf(first);
          if (!offer) throw conflict(serverTexts.quoteErrors.noOffer);
          if (isOfferExpired(offer.validUntil, now)) {
            throw conflict(serverTexts.quoteErrors.offerExpired(offer.validUntil));
          }
          const seen = pricesOfLines(lines, input.lines);
          if (lines.some((line) => seen.get(line.id) !== line.offerPriceCents)) {
            throw conflict(
              serverTexts.quoteErrors.requestOfferChanged(centsToDollars(offerTotalCents(lines))),
            );
          }
          // An offer made before its total was checked: its checkout could never be paid.
          if (!isPayableTotal(offerTotalCents(lines))) {
            throw badRequest(serverTexts.quoteErrors.acceptedTotalTooLarge(PAYABLE_LIMIT_TEXT));
          }
          const placed = await orders.placeQuotedCheckout(tx, caller, {
            lines: lines.map((line) => ({
              quoteId: line.id,
              toolId: line.toolId,
              toolName: line.toolName,
              toolImage: line.toolImage,
              quantity: line.quantity,
              unitPriceCents: line.offerPriceCents ?? 0,
            })),
            address: input.address,
            phone: input.phone,
            poNumber: input.poNumber,
            eventDetail: { quoteRequestId: requestId },
          });
          const updated = asLines(
            await updateLinesOfRequest(tx, requestId, { status: 'accepted', closedAt: now }),
          );
          const orderIds = new Map(placed.orders.map((order) => [order.quoteId ?? '', order._id]));
          const checkoutIds = new Map(updated.map((line) => [line.id, placed.checkoutId]));
          const request = toRequestDto(updated, { orderIds, checkoutIds }, now);
          const about = { quoteId: request._id, checkoutId: placed.checkoutId };
          await outbox.enqueue(tx, quoteRequestAcceptedMail(request, placed, { publicUrl }), {
            ...about,
            mail: 'quote request accepted',
          });
          await outbox.enqueueForStaff(
            tx,
            (to) => quoteRequestAcceptedForAdminsMail(request, placed, { publicUrl, to }),
            { ...about, mail: 'quote request accepted, to staff' },
          );
          return { request, placed };
        })
        .catch((error: unknown) => {
          // The row lock makes this all but impossible: a line's one order exists already.
          if (isUniqueViolation(error)) throw conflict(serverTexts.quoteErrors.alreadyAccepted);
          throw error;
        });
      const { request, placed } = accepted;
      // The stock the reservations left, patched into the catalog (none when made to order).
      if (placed.stock.length > 0) await catalog.stockMoved(placed.stock);
      return { request, checkoutId: placed.checkoutId, orders: placed.orders };
    },

    /** POST /quoteRequests/{id}/decline: the request's customer declines its offer (expired or not). */
    async declineRequest(caller: Account, id: string): Promise<QuoteRequest> {
      const now = clock();
      const rows = await db.transaction(async (tx) => {
        const request = await lockOwnRequest(tx, caller, id);
        const refusal = customerRefusal(request.lines[0]);
        if (refusal) throw refusal;
        return updateLinesOfRequest(tx, request.id, {
          status: 'declined',
          closedAt: now,
        });
      });
      return toRequestDto(asLines(rows), NO_ORDERS, now);
    },

    /**
     * GET /manageQuoteRequests (admin): every request of several lines, requested ones first,
     * then offered ones, then the rest, newest first within each; each line with the catalog's
     * unit price for its quantity and the stock (null once the tool left the catalog).
     */
    async listAllRequests(): Promise<ManagedQuoteRequest[]> {
      const now = clock();
      const requests = await requestDtos(byRequest(await selectAllRequestLines(db)), now);
      // Array.prototype.sort is stable: newest first stays within each group.
      requests.sort((a, b) => LIST_RANK[a.status] - LIST_RANK[b.status]);
      const onSale = await catalogTools();
      return requests.map((request) => toManagedRequest(request, onSale));
    },

    /**
     * GET /manageQuoteRequests/page (admin, issue 43): GET /manageQuoteRequests a page at a
     * time, in its order (requested, offered, the rest; newest first within each), from the
     * group and request the page before ended on; only the page's tools are read.
     */
    async pageAllRequests(query: {
      pageSize: number;
      after?: string | undefined;
    }): Promise<ManagedQuoteRequestsPage> {
      const now = clock();
      const [found, total] = await Promise.all([
        selectManagedQuoteKeys(db, 'request', todayUtc(now), {
          limit: query.pageSize,
          after: groupedCursorAfter(query.after),
        }),
        countQuoteHeads(db, 'request'),
      ]);
      const page = await requestsOfPage(found, now);
      const toolIds = new Set(page.flatMap((request) => request.lines.map((line) => line.toolId)));
      const onSale = new Map(
        (await tools.toolsOnSale([...toolIds])).map((tool) => [tool._id, tool]),
      );
      return {
        requests: page.map((request) => toManagedRequest(request, onSale)),
        total,
        next: groupedCursorText(found.next),
      };
    },

    /**
     * POST /manageQuoteRequests/{id}/offer (admin): a unit price for every line, valid until a
     * date (today or later), with the admin's note if any; on a requested, offered or expired
     * request, replacing the previous offer whole. Its total must be payable in one payment.
     */
    async offerRequest(id: string, input: OfferQuoteRequest): Promise<ManagedQuoteRequest> {
      const now = clock();
      if (!isTodayOrLater(input.validUntil, now)) {
        throw badRequest(texts.manageQuotes.validUntilPast);
      }
      const rows = await db.transaction(async (tx) => {
        const { id: requestId, lines } = await lockRequest(tx, id);
        if (!isOpenToAdmins(lines[0])) throw conflict(serverTexts.quoteErrors.notOpen);
        const prices = pricesOfLines(lines, input.lines);
        const totalCents = lines.reduce(
          (sum, line) => sum + (prices.get(line.id) ?? 0) * line.quantity,
          0,
        );
        // The checkout accepting it would place must be payable: refused now, not at payment.
        if (!isPayableTotal(totalCents)) {
          throw badRequest(serverTexts.quoteErrors.offerTotalTooLarge(PAYABLE_LIMIT_TEXT));
        }
        const offered = asLines(
          await updateLineOffers(tx, requestId, prices, {
            validUntil: input.validUntil,
            offeredAt: now,
            note: input.note,
          }),
        );
        const request = toRequestDto(offered, NO_ORDERS, now);
        await outbox.enqueue(tx, quoteRequestOfferedMail(request, { publicUrl }), {
          quoteId: request._id,
          mail: 'quote request offered',
        });
        return offered;
      });
      return toManagedRequest(toRequestDto(asLines(rows), NO_ORDERS, now), await catalogTools());
    },

    /** POST /manageQuoteRequests/{id}/decline (admin): declines a waiting request, with the reason. */
    async refuseRequest(id: string, input: { reason: string }): Promise<ManagedQuoteRequest> {
      const now = clock();
      const rows = await db.transaction(async (tx) => {
        const { id: requestId, lines } = await lockRequest(tx, id);
        if (!isOpenToAdmins(lines[0])) throw conflict(serverTexts.quoteErrors.notOpen);
        const refused = asLines(
          await updateLinesOfRequest(tx, requestId, {
            status: 'refused',
            declineReason: input.reason,
            closedAt: now,
          }),
        );
        const request = toRequestDto(refused, NO_ORDERS, now);
        await outbox.enqueue(
          tx,
          quoteRequestDeclinedMail(request, { publicUrl, reason: input.reason }),
          { quoteId: request._id, mail: 'quote request declined' },
        );
        return refused;
      });
      return toManagedRequest(toRequestDto(asLines(rows), NO_ORDERS, now), await catalogTools());
    },
  };
}

export type QuoteRequestsService = ReturnType<typeof createQuoteRequestsService>;
