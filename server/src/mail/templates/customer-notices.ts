import {
  formatMoney,
  orderTotal,
  routes,
  serverTexts,
  type Order,
  type Quote,
} from '@tools-factory/contract';
import type { MailContent } from '../mailer.ts';
import { composeMail, formatCount } from './layout.ts';
import { quoteRows } from './quotes.ts';

const words = serverTexts.mail;

const myQuotes = (publicUrl: string, label: string) =>
  ({ kind: 'action', label, url: `${publicUrl}${routes.dashboardMyQuotes}` }) as const;

/** To the customer once their quote request is in: what they asked for, and what comes next. */
export function quoteRequestedMail(quote: Quote, options: { publicUrl: string }): MailContent {
  return composeMail({
    to: quote.email,
    subject: words.quoteRequested.subject(quote.reference),
    blocks: [
      { kind: 'paragraph', text: words.quoteRequested.body(quote.reference) },
      { kind: 'facts', rows: quoteRows(quote) },
      myQuotes(options.publicUrl, words.quoteRequested.action),
    ],
  });
}

/** To the customer when an admin declines their quote request, with the admin's reason. */
export function quoteDeclinedMail(
  quote: Quote,
  options: { publicUrl: string; reason: string },
): MailContent {
  return composeMail({
    to: quote.email,
    subject: words.quoteDeclined.subject(quote.reference),
    blocks: [
      { kind: 'paragraph', text: words.quoteDeclined.body(quote.reference) },
      {
        kind: 'facts',
        rows: [...quoteRows(quote), [words.quoteDeclined.reason, options.reason]],
      },
      myQuotes(options.publicUrl, words.quoteDeclined.action),
    ],
  });
}

/** To the customer when an admin removes their unpaid order: nothing was charged. */
export function orderRemovedMail(order: Order, options: { publicUrl: string }): MailContent {
  return composeMail({
    to: order.email,
    subject: words.orderRemoved.subject(order.reference),
    blocks: [
      { kind: 'paragraph', text: words.orderRemoved.body(order.reference) },
      {
        kind: 'facts',
        rows: [
          [words.order.reference, order.reference],
          [words.order.tool, order.name],
          [words.order.quantity, formatCount(order.quantity)],
          [words.order.total, formatMoney(orderTotal(order.price, order.quantity))],
        ],
      },
      {
        kind: 'action',
        label: words.order.myOrders,
        url: `${options.publicUrl}${routes.dashboardOrders}`,
      },
    ],
  });
}
