import { routes, serverTexts, type Order, type Quote } from '@tools-factory/contract';
import type { MailContent } from '../mailer.ts';
import { factsMail, formatCount, formatOrderTotal } from './layout.ts';
import { checkoutLinesTable, checkoutTotalRows } from './orders.ts';
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

/**
 * To the buyer when the hold of their unpaid checkout runs out (issue 44): one e-mail for the
 * lines that expired together, each with its SKU, quantity and total; nothing was charged.
 */
export function checkoutExpiredMail(
  lines: readonly Order[],
  options: { publicUrl: string; holdHours: number },
): MailContent {
  const [first] = lines;
  if (!first) throw new Error('an expiry e-mail needs at least one line');
  const head = { _id: first.checkoutId, reference: first.checkoutReference };
  const notice = words.orderExpired;
  return factsMail({
    to: first.email,
    subject: notice.subject(head.reference),
    body: notice.body(head.reference, options.holdHours),
    table: checkoutLinesTable(lines),
    rows: [
      [words.checkout.reference, head.reference],
      ...checkoutTotalRows({ ...head, poNumber: first.poNumber, address: first.address }, lines),
    ],
    action: { label: notice.action, url: `${options.publicUrl}${routes.home}` },
  });
}
