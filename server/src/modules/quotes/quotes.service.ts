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
  type AcceptQuote,
  type AcceptQuoteResponse,
  type ManagedQuote,
  type ManagedQuotesPage,
  type MyQuotesPage,
  type OfferQuote,
  type Quote,
  type RequestQuote,
  type Tool,
} from '@tools-factory/contract';
import type { CatalogChanged } from '../../catalog/catalog-snapshot.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts';
import { keysetCursorAfter, keysetCursorText } from '../../db/keyset-cursor.ts';
import { badRequest, conflict, notFound, unauthorized } from '../../http-errors.ts';
import { parseId } from '../../ids.ts';
import type { OutboxWriter } from '../../mail/outbox.ts';
import { quoteDeclinedMail, quoteRequestedMail } from '../../mail/templates/customer-notices.ts';
import { quoteRequestedForStaffMail } from '../../mail/templates/staff.ts';
import {
  quoteAcceptedForAdminsMail,
  quoteAcceptedMail,
  quoteOfferedMail,
} from '../../mail/templates/quotes.ts';
import type { Account } from '../identity/identity.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { ToolsService } from '../tools/tools.service.ts';
import {
  countQuoteHeads,
  selectManagedQuoteKeys,
  selectOwnQuoteKeys,
  selectRowsOfKeys,
} from './quote-pages.repository.ts';
import { groupedCursorAfter, groupedCursorText } from './quote-page-cursor.ts';
import { customerRefusal, isOpenToAdmins, LIST_RANK, offerOf, statusOf } from './quote-rows.ts';
import {
  countOpenQuotes,
  insertQuote,
  lockQuoteRequests,
  selectAllQuotes,
  selectQuoteByIdForUpdate,
  selectQuotesOfUser,
  updateQuote,
  type QuoteRow,
} from './quotes.repository.ts';

function toQuoteDto(row: QuoteRow, orderId: string | null, now: Date): Quote {
  const offer = offerOf(row);
  const price = offer && centsToDollars(offer.priceCents);
  return {
    _id: row.id,
    reference: quoteReference(row.id),
    toolId: row.toolId,
    name: row.toolName,
    img: row.toolImage,
    quantity: row.quantity,
    neededBy: row.neededBy,
    note: row.note,
    email: row.email,
    status: statusOf(row, now),
    requestedAt: row.requestedAt.toISOString(),
    offer:
      offer && price !== null
        ? {
            price,
            total: orderTotal(price, row.quantity),
            validUntil: offer.validUntil,
            offeredAt: offer.offeredAt.toISOString(),
            note: offer.note,
          }
        : null,
    declineReason: row.declineReason,
    orderId,
  };
}

/**
 * A quote as the admins see it: beside what the catalog would charge for its quantity now, and
 * the stock (both null once the tool left the catalog).
 */
function toManagedQuote(quote: Quote, onSale: ReadonlyMap<string, Tool>): ManagedQuote {
  const tool = onSale.get(quote.toolId);
  return {
    ...quote,
    catalogUnitPrice: tool ? unitPriceFor(tool, quote.quantity) : null,
    availableQuantity: tool?.availableQuantity ?? null,
  };
}

export type QuotesServiceOptions = {
  db: Database;
  /** Places the order an accepted quote makes, in the acceptance's transaction. */
  orders: OrdersService;
  /** The tool a quote is for (on sale when requested), and the catalog's prices and stock. */
  tools: ToolsService;
  /** Told after an acceptance that reserved stock has committed. */
  catalog: CatalogChanged;
  /** Takes each step's e-mails (request, offer, acceptance, decline) in its transaction. */
  outbox: OutboxWriter;
  /** Where the e-mails' links lead (PUBLIC_URL). */
  publicUrl: string;
  /** The service's clock: dates (needed-by, valid-until) and expiry are read with it. */
  now: () => Date;
};

/**
 * Quotes (docs/architecture.md#business-buyers): a customer asks for a price, an admin offers one
 * valid until a date (or declines), the customer accepts (an unpaid order at the offered price) or
 * declines. Every change to a quote locks its row first, so an offer and an acceptance take turns
 * and a quote is accepted once, whatever the instances.
 */
export function createQuotesService(options: QuotesServiceOptions) {
  const { db, orders, tools, catalog, outbox, publicUrl, now: clock } = options;

  /** The quotes as their DTOs, with the order each accepted one placed (while it exists). */
  async function quoteDtos(rows: QuoteRow[], now: Date): Promise<Quote[]> {
    const accepted = rows.filter((row) => row.status === 'accepted').map((row) => row.id);
    const orderIds = await orders.orderIdsOfQuotes(accepted);
    return rows.map((row) => toQuoteDto(row, orderIds.get(row.id) ?? null, now));
  }

  /** The tools on sale, by id, as the catalog shows them (prices, breaks and stock now). */
  async function catalogTools(): Promise<Map<string, Tool>> {
    return new Map((await tools.listCatalog()).map((tool) => [tool._id, tool]));
  }

  /** A page's quotes in the page's order (its keys'), as their DTOs. */
  async function quotesOfPage(found: { keys: string[] }, now: Date): Promise<Quote[]> {
    const byId = new Map(
      (await selectRowsOfKeys(db, 'single', found.keys)).map((row) => [row.id, row]),
    );
    const rows = found.keys.flatMap((key) => byId.get(key) ?? []);
    return quoteDtos(rows, now);
  }

  /** A quote, locked until `tx` ends; unknown or malformed ids are answered as not found. */
  async function lockQuote(tx: Transaction, id: string): Promise<QuoteRow> {
    const quoteId = parseId(id);
    const row = quoteId ? await selectQuoteByIdForUpdate(tx, quoteId) : undefined;
    if (!row) throw notFound(serverTexts.quoteErrors.quoteNotFound);
    return row;
  }

  /** A line of a request of several is answered with its request, never alone. */
  function ensureAlone(row: QuoteRow): void {
    if (row.requestId !== null) {
      throw conflict(serverTexts.quoteErrors.lineOfRequest(quoteReference(row.requestId)));
    }
  }

  /** The caller's own quote, locked; someone else's is answered as not found (never revealed). */
  async function lockOwnQuote(tx: Transaction, caller: Account, id: string): Promise<QuoteRow> {
    const row = await lockQuote(tx, id);
    if (row.userId !== caller.id) throw notFound(serverTexts.quoteErrors.quoteNotFound);
    ensureAlone(row);
    return row;
  }

  return {
    /**
     * POST /quotes: a tool on sale, a quantity above its minimum (no upper limit), a needed-by
     * date today or later, and at most MAX_OPEN_QUOTES open quotes per account (counted under a
     * per-account lock, so a burst cannot get past). The tool's name and image and the
     * account's e-mail are kept as they are now.
     */
    async requestQuote(caller: Account, input: RequestQuote): Promise<Quote> {
      const now = clock();
      if (!isTodayOrLater(input.neededBy, now)) throw badRequest(texts.quotes.neededByPast);
      const tool = await tools.findOrderable({ id: input.toolId });
      if (!tool) throw notFound(serverTexts.apiErrors.toolNotFound);
      if (!isQuoteQuantityAllowed(input.quantity, tool)) {
        throw badRequest(texts.quotes.quantityTooSmall(tool.minOrderQuantity));
      }
      // Even at a cent a unit (the least any price can be), this quantity could never be paid.
      if (!isPayableTotal(input.quantity)) {
        throw badRequest(serverTexts.quoteErrors.quantityTooLargeToPay(PAYABLE_LIMIT_TEXT));
      }
      const row = await db
        .transaction(async (tx) => {
          await lockQuoteRequests(tx, caller.id);
          if ((await countOpenQuotes(tx, caller.id, todayUtc(now))) >= MAX_OPEN_QUOTES) {
            throw conflict(serverTexts.quoteErrors.tooManyOpenQuotes(MAX_OPEN_QUOTES));
          }
          const inserted = await insertQuote(tx, {
            userId: caller.id,
            email: caller.email,
            toolId: tool.id,
            toolName: tool.name,
            toolImage: tool.image,
            quantity: input.quantity,
            neededBy: input.neededBy,
            note: input.note,
            requestedAt: now,
          });
          // The customer's acknowledgement and the staff's e-mail leave with the quote.
          const quote = toQuoteDto(inserted, null, now);
          const about = { quoteId: quote._id };
          await outbox.enqueue(tx, quoteRequestedMail(quote, { publicUrl }), {
            ...about,
            mail: 'quote requested',
          });
          await outbox.enqueueForStaff(
            tx,
            (to) => quoteRequestedForStaffMail(quote, { publicUrl, to }),
            { ...about, mail: 'quote requested, to staff' },
          );
          return inserted;
        })
        .catch((error: unknown) => {
          // The account was removed after the guard read it.
          if (isForeignKeyViolation(error)) throw unauthorized(texts.identityErrors.notSignedIn);
          throw error;
        });
      return toQuoteDto(row, null, now);
    },

    /** GET /quotes: the caller's own quotes, newest first. */
    async listOwnQuotes(caller: Account): Promise<Quote[]> {
      const now = clock();
      return quoteDtos(await selectQuotesOfUser(db, caller.id), now);
    },

    /**
     * GET /quotes/page (issue 43): the caller's own quotes a page at a time, newest first as
     * GET /quotes, from where the page before ended (its `next`).
     */
    async pageOwnQuotes(
      caller: Account,
      query: { pageSize: number; after?: string | undefined },
    ): Promise<MyQuotesPage> {
      const now = clock();
      const [found, total] = await Promise.all([
        selectOwnQuoteKeys(db, 'single', caller.id, {
          limit: query.pageSize,
          after: keysetCursorAfter(query.after),
        }),
        countQuoteHeads(db, 'single', caller.id),
      ]);
      return {
        quotes: await quotesOfPage(found, now),
        total,
        next: found.next ? keysetCursorText(found.next) : null,
      };
    },

    /**
     * POST /quotes/{id}/accept: the quote's customer accepts the standing offer, at the price
     * they saw. In one transaction, on the locked quote: an unpaid order at the offered unit
     * price, to the address and phone given with the buyer's PO number if any (stock reserved
     * when enough is available, else made to order), and the quote accepted. The e-mails (the
     * customer's, with its pay link; each admin's; a low-stock one when the reservation
     * crossed) are written in the same transaction.
     */
    async acceptQuote(
      caller: Account,
      id: string,
      input: AcceptQuote,
    ): Promise<AcceptQuoteResponse> {
      const accepted = await db
        .transaction(async (tx) => {
          const row = await lockOwnQuote(tx, caller, id);
          const now = clock();
          const refusal = customerRefusal(row);
          if (refusal) throw refusal;
          const offer = offerOf(row);
          if (!offer) throw conflict(serverTexts.quoteErrors.noOffer);
          if (isOfferExpired(offer.validUntil, now)) {
            throw conflict(serverTexts.quoteErrors.offerExpired(offer.validUntil));
          }
          if (dollarsToCents(input.price) !== offer.priceCents) {
            throw conflict(serverTexts.quoteErrors.offerChanged(centsToDollars(offer.priceCents)));
          }
          // An offer made before its total was checked: its order could never be paid.
          if (!isPayableTotal(offer.priceCents * row.quantity)) {
            throw badRequest(serverTexts.quoteErrors.acceptedTotalTooLarge(PAYABLE_LIMIT_TEXT));
          }
          const { order, stock } = await orders.placeQuotedOrder(tx, caller, {
            quoteId: row.id,
            toolId: row.toolId,
            toolName: row.toolName,
            toolImage: row.toolImage,
            quantity: row.quantity,
            unitPriceCents: offer.priceCents,
            address: input.address,
            phone: input.phone,
            poNumber: input.poNumber,
          });
          const updated = await updateQuote(tx, row.id, { status: 'accepted', closedAt: now });
          const quote = toQuoteDto(updated, order._id, now);
          const about = { quoteId: quote._id, orderId: order._id };
          await outbox.enqueue(tx, quoteAcceptedMail(quote, order, { publicUrl }), {
            ...about,
            mail: 'quote accepted',
          });
          await outbox.enqueueForStaff(
            tx,
            (to) => quoteAcceptedForAdminsMail(quote, order, { publicUrl, to }),
            { ...about, mail: 'quote accepted, to staff' },
          );
          return { quote, order, stock };
        })
        .catch((error: unknown) => {
          // The row lock makes this all but impossible: the quote's one order exists already.
          if (isUniqueViolation(error)) throw conflict(serverTexts.quoteErrors.alreadyAccepted);
          throw error;
        });
      const { quote, order, stock } = accepted;
      // The stock its reservation left, patched into the catalog (none when made to order).
      if (stock) await catalog.stockMoved([stock]);
      return { quote, order };
    },

    /** POST /quotes/{id}/decline: the quote's customer declines its offer (expired or not). */
    async declineQuote(caller: Account, id: string): Promise<Quote> {
      const now = clock();
      const row = await db.transaction(async (tx) => {
        const quote = await lockOwnQuote(tx, caller, id);
        const refusal = customerRefusal(quote);
        if (refusal) throw refusal;
        return updateQuote(tx, quote.id, { status: 'declined', closedAt: now });
      });
      return toQuoteDto(row, null, now);
    },

    /**
     * GET /manageQuotes (admin): every quote, requested ones first, then offered ones, then
     * the rest, newest first within each; with the catalog's unit price for the quantity and
     * the stock (null once the tool left the catalog).
     */
    async listAllQuotes(): Promise<ManagedQuote[]> {
      const now = clock();
      const quotes = await quoteDtos(await selectAllQuotes(db), now);
      // Array.prototype.sort is stable: newest first stays within each group.
      quotes.sort((a, b) => LIST_RANK[a.status] - LIST_RANK[b.status]);
      const onSale = await catalogTools();
      return quotes.map((quote) => toManagedQuote(quote, onSale));
    },

    /**
     * GET /manageQuotes/page (admin, issue 43): GET /manageQuotes a page at a time, in its
     * order (requested, offered, the rest; newest first within each), from the group and row
     * the page before ended on; only the page's tools are read from the catalog.
     */
    async pageAllQuotes(query: {
      pageSize: number;
      after?: string | undefined;
    }): Promise<ManagedQuotesPage> {
      const now = clock();
      const [found, total] = await Promise.all([
        selectManagedQuoteKeys(db, 'single', todayUtc(now), {
          limit: query.pageSize,
          after: groupedCursorAfter(query.after),
        }),
        countQuoteHeads(db, 'single'),
      ]);
      const page = await quotesOfPage(found, now);
      const onSale = new Map(
        (await tools.toolsOnSale([...new Set(page.map((quote) => quote.toolId))])).map((tool) => [
          tool._id,
          tool,
        ]),
      );
      return {
        quotes: page.map((quote) => toManagedQuote(quote, onSale)),
        total,
        next: groupedCursorText(found.next),
      };
    },

    /**
     * POST /manageQuotes/{id}/offer (admin): a unit price valid until a date (today or later),
     * with the admin's note if any. On a requested, offered or expired quote; a new offer
     * replaces the previous one whole, its note included. The customer's e-mail is written in
     * the offer's transaction.
     */
    async offerQuote(id: string, input: OfferQuote): Promise<ManagedQuote> {
      const now = clock();
      if (!isTodayOrLater(input.validUntil, now))
        throw badRequest(texts.manageQuotes.validUntilPast);
      const row = await db.transaction(async (tx) => {
        const quote = await lockQuote(tx, id);
        ensureAlone(quote);
        if (!isOpenToAdmins(quote)) throw conflict(serverTexts.quoteErrors.notOpen);
        // The order accepting it would place must be payable: refused now, not at payment.
        if (!isPayableTotal(dollarsToCents(input.price) * quote.quantity)) {
          throw badRequest(serverTexts.quoteErrors.offerTotalTooLarge(PAYABLE_LIMIT_TEXT));
        }
        const offered = await updateQuote(tx, quote.id, {
          status: 'offered',
          offerPriceCents: dollarsToCents(input.price),
          offerValidUntil: input.validUntil,
          offeredAt: now,
          offerNote: input.note,
        });
        const dto = toQuoteDto(offered, null, now);
        if (dto.offer) {
          await outbox.enqueue(tx, quoteOfferedMail(dto, dto.offer, { publicUrl }), {
            quoteId: dto._id,
            mail: 'quote offered',
          });
        }
        return offered;
      });
      const quote = toQuoteDto(row, null, now);
      return toManagedQuote(quote, await catalogTools());
    },

    /** POST /manageQuotes/{id}/decline (admin): declines a waiting quote, with the reason. */
    async refuseQuote(id: string, input: { reason: string }): Promise<ManagedQuote> {
      const now = clock();
      const row = await db.transaction(async (tx) => {
        const quote = await lockQuote(tx, id);
        ensureAlone(quote);
        if (!isOpenToAdmins(quote)) throw conflict(serverTexts.quoteErrors.notOpen);
        const refused = await updateQuote(tx, quote.id, {
          status: 'refused',
          declineReason: input.reason,
          closedAt: now,
        });
        // Only the request that declined it: a repeated one is refused above, and sends none.
        await outbox.enqueue(
          tx,
          quoteDeclinedMail(toQuoteDto(refused, null, now), { publicUrl, reason: input.reason }),
          { quoteId: refused.id, mail: 'quote declined' },
        );
        return refused;
      });
      return toManagedQuote(toQuoteDto(row, null, now), await catalogTools());
    },
  };
}

export type QuotesService = ReturnType<typeof createQuotesService>;
