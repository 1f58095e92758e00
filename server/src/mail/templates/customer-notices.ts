import { routes, serverTexts, type Order, type Quote } from '@tools-factory/contract';
import type { MailContent } from '../mailer.ts';
import { factsMail, formatCount, formatOrderTotal } from './layout.ts';
import { orderNoticeMail } from './order-document-mail.ts';
import { quoteRows } from './quotes.ts';

const words = serverTexts.mail;

const myQuotes = (publicUrl: string, label: string) => ({
  label,
  url: `${publicUrl}${routes.dashboardMyQuotes}`,
});

/** To the customer once their quote request is in: what they asked for, and what comes next. */
export function quoteRequestedMail(quote: Quote, options: { publicUrl: string }): MailContent {
  return factsMail({
    to: quote.email,
    subject: words.quoteRequested.subject(quote.reference),
    body: words.quoteRequested.body(quote.reference),
    rows: quoteRows(quote),
    action: myQuotes(options.publicUrl, words.quoteRequested.action),
  });
}

/** To the customer when an admin declines their quote request, with the admin's reason. */
export function quoteDeclinedMail(
  quote: Quote,
  options: { publicUrl: string; reason: string },
): MailContent {
  return factsMail({
    to: quote.email,
    subject: words.quoteDeclined.subject(quote.reference),
    body: words.quoteDeclined.body(quote.reference),
    rows: [...quoteRows(quote), [words.quoteDeclined.reason, options.reason]],
    action: myQuotes(options.publicUrl, words.quoteDeclined.action),
  });
}

/** To the customer when an admin removes their unpaid order: nothing was charged. */
export function orderRemovedMail(order: Order, options: { publicUrl: string }): MailContent {
  return orderNoticeMail(order, words.orderRemoved, {
    publicUrl: options.publicUrl,
    rows: [
      [words.order.reference, order.reference],
      [words.order.tool, order.name],
      [words.order.quantity, formatCount(order.quantity)],
      [words.order.total, formatOrderTotal(order)],
    ],
  });
}
