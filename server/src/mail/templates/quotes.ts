import {
  formatMoney,
  orderTotal,
  routes,
  serverTexts,
  type Order,
  type Quote,
  type QuoteOffer,
} from '@tools-factory/contract';
import type { MailContent } from '../mailer.ts';
import { composeMail, formatCount, formatMailDay, type MailBlock } from './layout.ts';

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

/** The offer's figures: unit price, total, last valid day (UTC). */
function offerRows(offer: QuoteOffer): [string, string][] {
  return [
    [words.quote.unitPrice, formatMoney(offer.price)],
    [words.quote.total, formatMoney(offer.total)],
    [words.quote.validUntil, formatMailDay(offer.validUntil)],
  ];
}

/** The order's figures, as the order placed from the quote stands. */
function orderRows(order: Order): [string, string][] {
  return [
    [words.order.reference, order.reference],
    [words.order.tool, order.name],
    [words.order.quantity, formatCount(order.quantity)],
    [words.order.unitPrice, formatMoney(order.price)],
    [words.order.total, formatMoney(orderTotal(order.price, order.quantity))],
  ];
}

/** Sent to the customer when an admin offers a price (a new offer too): accept it in My Quotes. */
export function quoteOfferedMail(
  quote: Quote,
  offer: QuoteOffer,
  options: { publicUrl: string },
): MailContent {
  return composeMail({
    to: quote.email,
    subject: words.quoteOffered.subject(quote.reference),
    blocks: [
      { kind: 'paragraph', text: words.quoteOffered.body(quote.reference) },
      { kind: 'facts', rows: [...quoteRows(quote), ...offerRows(offer)] },
      {
        kind: 'action',
        label: words.quoteOffered.action,
        url: `${options.publicUrl}${routes.dashboardMyQuotes}`,
      },
    ],
  });
}

/** Sent to the customer once they accepted an offer: the order it placed, and where to pay. */
export function quoteAcceptedMail(
  quote: Quote,
  order: Order,
  options: { publicUrl: string },
): MailContent {
  const blocks: MailBlock[] = [
    { kind: 'paragraph', text: words.quoteAccepted.body(quote.reference, order.reference) },
    { kind: 'facts', rows: orderRows(order) },
  ];
  if (order.madeToOrder) blocks.push({ kind: 'paragraph', text: words.quoteAccepted.madeToOrder });
  blocks.push({
    kind: 'action',
    label: words.quoteAccepted.action,
    url: `${options.publicUrl}${routes.dashboardPayment(order._id)}`,
  });
  return composeMail({
    to: order.email,
    subject: words.quoteAccepted.subject(quote.reference, order.reference),
    blocks,
  });
}

/** Sent to an admin (an ADMIN_EMAILS address) once a customer accepted an offer. */
export function quoteAcceptedForAdminsMail(
  quote: Quote,
  order: Order,
  options: { publicUrl: string; to: string },
): MailContent {
  const blocks: MailBlock[] = [
    { kind: 'paragraph', text: words.quoteAcceptedForAdmins.body(quote.reference, order.email) },
    { kind: 'facts', rows: orderRows(order) },
  ];
  if (order.madeToOrder) {
    blocks.push({ kind: 'paragraph', text: words.quoteAcceptedForAdmins.madeToOrder });
  }
  blocks.push({
    kind: 'action',
    label: words.quoteAcceptedForAdmins.action,
    url: `${options.publicUrl}${routes.dashboardAllOrders}`,
  });
  return composeMail({
    to: options.to,
    subject: words.quoteAcceptedForAdmins.subject(quote.reference, order.reference),
    blocks,
  });
}
