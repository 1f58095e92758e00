import {
  centsToDollars,
  formatMoney,
  routes,
  serverTexts,
  type Order,
} from '@tools-factory/contract';
import type { MailContent } from '../mailer.ts';
import { factsMail, fillGreeting, formatMailDateTime, formatMailDay } from './layout.ts';
import { checkoutLinesTable, linesTotal } from './orders.ts';

const words = serverTexts.mail;

/** The checkout the lines make: its reference and the buyer's address, from its first line. */
function headOf(lines: readonly Order[]): Order {
  const [first] = lines;
  if (!first) throw new Error('an approval e-mail needs at least one line');
  return first;
}

/** What a buyer's spending stands at, as an approval's e-mails word it (cents in). */
export type SpendingPastLimit = { limitCents: number; spentCents: number };

/**
 * To each admin of the company (issue 44), when a buyer's checkout goes past their monthly
 * limit: what it holds, how far the buyer had spent, until when its stock is held, and the link
 * to decide on the Company page. Greeted by the admin's name here: the placement's readers are
 * the buyer's.
 */
export function approvalNeededMail(
  lines: readonly Order[],
  options: {
    to: { email: string; name: string };
    buyerName: string;
    past: SpendingPastLimit;
    holdUntil: string;
    publicUrl: string;
  },
): MailContent {
  const head = headOf(lines);
  const notice = words.approvalNeeded;
  const buyer = options.buyerName.trim() || head.email;
  const total = formatMoney(linesTotal(lines));
  const message = factsMail({
    to: options.to.email,
    subject: notice.subject(buyer, head.checkoutReference, total),
    body: notice.body(buyer, head.checkoutReference),
    // The admin did not order them: captioned in the staff's words ('Lines ordered').
    table: checkoutLinesTable(lines, 'staff'),
    rows: [
      [notice.buyer, `${buyer} <${head.email}>`],
      ...(head.poNumber ? [[notice.po, head.poNumber] as [string, string]] : []),
      [notice.total, total],
      [notice.limit, formatMoney(centsToDollars(options.past.limitCents))],
      [notice.spent, formatMoney(centsToDollars(options.past.spentCents))],
      [notice.expires, formatMailDateTime(options.holdUntil)],
    ],
    note: notice.note,
    action: {
      label: notice.action,
      url: `${options.publicUrl}${routes.dashboardCompany}#approvals`,
    },
  });
  return fillGreeting(message, options.to.name);
}

/** To the buyer: their checkout past the limit waits for an admin of their company. */
export function awaitingApprovalMail(
  lines: readonly Order[],
  options: { past: SpendingPastLimit; publicUrl: string },
): MailContent {
  const head = headOf(lines);
  const notice = words.awaitingApproval;
  return factsMail({
    to: head.email,
    subject: notice.subject(head.checkoutReference),
    body: notice.body(head.checkoutReference, formatMoney(centsToDollars(options.past.limitCents))),
    table: checkoutLinesTable(lines),
    rows: [[words.checkout.total, formatMoney(linesTotal(lines))]],
    action: { label: notice.action, url: `${options.publicUrl}${routes.dashboard}` },
  });
}

/** To the buyer: an admin approved their checkout; the link pays it. */
export function checkoutApprovedMail(
  lines: readonly Order[],
  options: {
    approver: string;
    publicUrl: string;
    /** Placed on account (issue 45): the invoice its approval issued. */
    invoice?: { number: string; dueAt: Date };
  },
): MailContent {
  const head = headOf(lines);
  const notice = words.checkoutApproved;
  const { invoice } = options;
  return factsMail({
    to: head.email,
    subject: notice.subject(head.checkoutReference),
    body: invoice
      ? notice.invoicedBody(
          head.checkoutReference,
          options.approver,
          invoice.number,
          formatMailDay(invoice.dueAt.toISOString().slice(0, 10)),
        )
      : notice.body(head.checkoutReference, options.approver),
    table: checkoutLinesTable(lines),
    rows: [[words.checkout.total, formatMoney(linesTotal(lines))]],
    action: invoice
      ? { label: notice.invoicedAction, url: `${options.publicUrl}${routes.dashboardOrders}` }
      : {
          label: notice.action,
          url: `${options.publicUrl}${routes.dashboardCheckoutPayment(head.checkoutId)}`,
        },
  });
}

/** To the buyer: an admin rejected their checkout, with the reason; its stock went back. */
export function checkoutRejectedMail(
  lines: readonly Order[],
  options: { approver: string; reason: string; publicUrl: string },
): MailContent {
  const head = headOf(lines);
  const notice = words.checkoutRejected;
  return factsMail({
    to: head.email,
    subject: notice.subject(head.checkoutReference),
    body: notice.body(head.checkoutReference, options.approver),
    table: checkoutLinesTable(lines),
    rows: [
      [words.checkout.total, formatMoney(linesTotal(lines))],
      [notice.reason, options.reason],
    ],
    action: { label: notice.action, url: `${options.publicUrl}${routes.home}` },
  });
}
