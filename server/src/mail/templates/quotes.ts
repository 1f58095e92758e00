import {
  formatMoney,
  routes,
  serverTexts,
  type Order,
  type Quote,
  type QuoteOffer,
} from '@tools-factory/contract';
import type { MailContent } from '../mailer.ts';
import { factsMail, formatCount, formatMailDay, formatOrderTotal } from './layout.ts';

const words = serverTexts.mail;

/** The quote's tool line: what was asked for, and when it is needed. */
export function quoteRows(quote: Quote): [string, string][] {
  return [
    [words.quote.reference, quote.reference],
    [words.quote.tool, quote.name],
    [words.quote.quantity, formatCount(quote.quantity)],
    [words.quote.neededBy, formatMailDay(quote.neededBy)],
  ];
}

/** The offer's figures: unit price, total, last valid day (UTC); then the admin's note, if any. */
function offerRows(offer: QuoteOffer): [string, string][] {
  const rows: [string, string][] = [
    [words.quote.unitPrice, formatMoney(offer.price)],
    [words.quote.total, formatMoney(offer.total)],
    [words.quote.validUntil, formatMailDay(offer.validUntil)],
  ];
  if (offer.note !== '') rows.push([serverTexts.quoteOfferMail.note, offer.note]);
  return rows;
}

/** The order's figures, as the order placed from the quote stands. */
function orderRows(order: Order): [string, string][] {
  return [
    [words.order.reference, order.reference],
    [words.order.tool, order.name],
    [words.order.quantity, formatCount(order.quantity)],
    [words.order.unitPrice, formatMoney(order.price)],
    [words.order.total, formatOrderTotal(order)],
  ];
}

/** Sent to the customer when an admin offers a price (a new offer too): accept it in My Quotes. */
export function quoteOfferedMail(
  quote: Quote,
  offer: QuoteOffer,
  options: { publicUrl: string },
): MailContent {
  return factsMail({
    to: quote.email,
    subject: words.quoteOffered.subject(quote.reference),
    body: words.quoteOffered.body(quote.reference),
    rows: [...quoteRows(quote), ...offerRows(offer)],
    action: {
      label: words.quoteOffered.action,
      url: `${options.publicUrl}${routes.dashboardMyQuotes}`,
    },
  });
}

/** Sent to the customer once they accepted an offer: the order it placed, and where to pay. */
export function quoteAcceptedMail(
  quote: Quote,
  order: Order,
  options: { publicUrl: string },
): MailContent {
  return factsMail({
    to: order.email,
    subject: words.quoteAccepted.subject(quote.reference, order.reference),
    body: words.quoteAccepted.body(quote.reference, order.reference),
    rows: orderRows(order),
    note: order.madeToOrder ? words.quoteAccepted.madeToOrder : undefined,
    action: {
      label: words.quoteAccepted.action,
      url: `${options.publicUrl}${routes.dashboardPayment(order._id)}`,
    },
  });
}

/** Sent to an admin (an ADMIN_EMAILS address) once a customer accepted an offer. */
export function quoteAcceptedForAdminsMail(
  quote: Quote,
  order: Order,
  options: { publicUrl: string; to: string },
): MailContent {
  return factsMail({
    to: options.to,
    subject: words.quoteAcceptedForAdmins.subject(quote.reference, order.reference),
    body: words.quoteAcceptedForAdmins.body(quote.reference, order.email),
    rows: orderRows(order),
    note: order.madeToOrder ? words.quoteAcceptedForAdmins.madeToOrder : undefined,
    action: {
      label: words.quoteAcceptedForAdmins.action,
      url: `${options.publicUrl}${routes.dashboardAllOrders}`,
    },
  });
}
