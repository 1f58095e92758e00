import { formatMoney, routes, serverTexts, type Order, type Quote } from '@tools-factory/contract';
import type { MailContent } from '../mailer.ts';
import {
  checkoutLinesTable,
  checkoutTotal,
  checkoutTotalRows,
  orderFigureRows,
  type CheckoutHead,
} from './orders.ts';
import { factsMail, formatMailDateTime, formatOrderTotal } from './layout.ts';
import { quoteRows } from './quotes.ts';

const words = serverTexts.mail;

/** The order's figures and its customer, as the staff e-mails list them. */
function orderRows(order: Order): [string, string][] {
  const rows: [string, string][] = [
    ...orderFigureRows(order),
    [words.staff.customer, order.email],
    [words.staff.placedAt, formatMailDateTime(order.createdAt)],
  ];
  if (order.phone) rows.push([words.staff.phone, order.phone]);
  rows.push([words.order.address, order.address]);
  return rows;
}

/** A staff e-mail: its paragraph, its facts, a link, and why the admin gets it. */
function staffMail({
  publicUrl,
  ...options
}: Omit<Parameters<typeof factsMail>[0], 'note' | 'footnote'> & {
  publicUrl: string;
}): MailContent {
  return factsMail({
    ...options,
    footnote: {
      text: words.staff.whyYouGetThis,
      link: { label: words.staff.profilePage, url: `${publicUrl}${routes.dashboardMyProfile}` },
    },
  });
}

/** To the staff once a customer placed an order (from the tool's page). */
export function newOrderForStaffMail(
  order: Order,
  options: { publicUrl: string; to: string },
): MailContent {
  const total = formatOrderTotal(order);
  const rows = orderRows(order);
  if (order.holdUntil) rows.push([words.staff.heldUntil, formatMailDateTime(order.holdUntil)]);
  return staffMail({
    to: options.to,
    publicUrl: options.publicUrl,
    subject: words.newOrderForStaff.subject(order.reference, total),
    body: words.newOrderForStaff.body(order.email, order.reference),
    rows,
    action: {
      label: words.staff.seeOrder,
      url: `${options.publicUrl}${routes.dashboardManagedOrder(order._id)}`,
    },
  });
}

/** To the staff once an order is paid (wherever the payment was confirmed). */
export function orderPaidForStaffMail(
  order: Order,
  options: { publicUrl: string; to: string; invoiceNumber: string; paidAt: string },
): MailContent {
  const total = formatOrderTotal(order);
  return staffMail({
    to: options.to,
    publicUrl: options.publicUrl,
    subject: words.orderPaidForStaff.subject(order.reference, total),
    body: words.orderPaidForStaff.body(order.email, order.reference, total),
    rows: [
      ...orderRows(order),
      [words.staff.paidAt, formatMailDateTime(options.paidAt)],
      [words.orderPaid.invoiceNumber, options.invoiceNumber],
    ],
    action: {
      label: words.staff.seeOrder,
      url: `${options.publicUrl}${routes.dashboardManagedOrder(order._id)}`,
    },
  });
}

/** To the staff once a customer asked for a quote. */
export function quoteRequestedForStaffMail(
  quote: Quote,
  options: { publicUrl: string; to: string },
): MailContent {
  const rows: [string, string][] = [...quoteRows(quote), [words.staff.customer, quote.email]];
  if (quote.note) rows.push([words.staff.note, quote.note]);
  return staffMail({
    to: options.to,
    publicUrl: options.publicUrl,
    subject: words.quoteRequestedForStaff.subject(quote.reference, quote.name),
    body: words.quoteRequestedForStaff.body(quote.email, quote.reference),
    rows,
    action: {
      label: words.quoteRequestedForStaff.action,
      url: `${options.publicUrl}${routes.dashboardQuotes}`,
    },
  });
}

const checkoutWords = words.checkout;

/** A checkout's own facts and its customer, as the staff e-mails list them. */
function checkoutStaffRows(checkout: CheckoutHead, lines: readonly Order[]): [string, string][] {
  const [first] = lines;
  const rows: [string, string][] = [[checkoutWords.reference, checkout.reference]];
  if (checkout.poNumber) rows.push([checkoutWords.poNumber, checkout.poNumber]);
  rows.push(...checkoutTotalRows(checkout, lines));
  if (first) {
    rows.push([words.staff.customer, first.email]);
    rows.push([words.staff.placedAt, formatMailDateTime(first.createdAt)]);
    if (first.phone) rows.push([words.staff.phone, first.phone]);
  }
  rows.push([checkoutWords.address, checkout.address]);
  return rows;
}

/** The admin's page of the checkout's first line (Manage Orders has no page per checkout). */
function firstLineUrl(publicUrl: string, lines: readonly Order[]): string {
  const [first] = lines;
  return `${publicUrl}${first ? routes.dashboardManagedOrder(first._id) : routes.dashboardAllOrders}`;
}

/** To the staff once a customer placed a checkout of several lines (issue 26): one e-mail. */
export function checkoutPlacedForStaffMail(
  checkout: CheckoutHead,
  lines: readonly Order[],
  options: { publicUrl: string; to: string },
): MailContent {
  const [first] = lines;
  const total = formatMoney(checkoutTotal(checkout, lines));
  const rows = checkoutStaffRows(checkout, lines);
  if (first?.holdUntil) rows.push([words.staff.heldUntil, formatMailDateTime(first.holdUntil)]);
  return staffMail({
    to: options.to,
    publicUrl: options.publicUrl,
    subject: checkoutWords.newForStaff.subject(checkout.reference, total),
    body: checkoutWords.newForStaff.body(first?.email ?? '', checkout.reference, lines.length),
    rows,
    table: checkoutLinesTable(lines, 'staff'),
    action: { label: words.staff.seeOrder, url: firstLineUrl(options.publicUrl, lines) },
  });
}

/** To the staff once a checkout of several lines is paid (issue 26): one e-mail. */
export function checkoutPaidForStaffMail(
  checkout: CheckoutHead,
  lines: readonly Order[],
  options: { publicUrl: string; to: string; invoiceNumber: string; paidAt: string },
): MailContent {
  const [first] = lines;
  const total = formatMoney(checkoutTotal(checkout, lines));
  return staffMail({
    to: options.to,
    publicUrl: options.publicUrl,
    subject: checkoutWords.paidForStaff.subject(checkout.reference, total),
    body: checkoutWords.paidForStaff.body(first?.email ?? '', checkout.reference, total),
    rows: [
      ...checkoutStaffRows(checkout, lines),
      [words.staff.paidAt, formatMailDateTime(options.paidAt)],
      [checkoutWords.paid.invoiceNumber, options.invoiceNumber],
    ],
    table: checkoutLinesTable(lines, 'staff'),
    action: { label: words.staff.seeOrder, url: firstLineUrl(options.publicUrl, lines) },
  });
}
