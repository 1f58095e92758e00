import {
  checkoutReference,
  formatMoney,
  routes,
  serverTexts,
  type Order,
  type QuoteRequest,
} from '@tools-factory/contract';
import type { MailContent } from '../mailer.ts';
import { factsMail, formatCount, formatMailDay, type MailBlock } from './layout.ts';

/*
 * The e-mails of a quote request of several lines (issue 42): those of a quote of one tool
 * (quotes.ts, customer-notices.ts, staff.ts), with the request's lines listed as a checkout's.
 */

const words = serverTexts.mail;
const lineWords = serverTexts.quoteRequestMail;

const myQuotes = (publicUrl: string, label: string) => ({
  label,
  url: `${publicUrl}${routes.dashboardMyQuotes}`,
});

/** The request's lines: the tool, how many and, once offered, at what unit price and total. */
function linesOf(request: QuoteRequest, caption: string = lineWords.caption): MailBlock {
  return {
    kind: 'lines',
    caption,
    items: request.lines.map((line) => ({
      title: line.name,
      details: [
        line.offer
          ? lineWords.quantityTimesPrice(formatCount(line.quantity), formatMoney(line.offer.price))
          : lineWords.quantity(formatCount(line.quantity)),
      ],
      ...(line.offer ? { amount: formatMoney(line.offer.total) } : {}),
    })),
  };
}

/** The request's reference and needed-by date. */
function requestRows(request: QuoteRequest): [string, string][] {
  return [
    [words.quote.reference, request.reference],
    [words.quote.neededBy, formatMailDay(request.neededBy)],
  ];
}

/** To the customer once their request is in: its lines, and what comes next. */
export function quoteRequestRequestedMail(
  request: QuoteRequest,
  options: { publicUrl: string },
): MailContent {
  return factsMail({
    to: request.email,
    subject: words.quoteRequested.subject(request.reference),
    body: words.quoteRequested.body(request.reference),
    table: linesOf(request),
    rows: requestRows(request),
    action: myQuotes(options.publicUrl, words.quoteRequested.action),
  });
}

/** To the staff once a customer asked for the prices of several lines. */
export function quoteRequestRequestedForStaffMail(
  request: QuoteRequest,
  options: { publicUrl: string; to: string },
): MailContent {
  const rows: [string, string][] = [...requestRows(request), [words.staff.customer, request.email]];
  if (request.note) rows.push([lineWords.customerNote, request.note]);
  return factsMail({
    to: options.to,
    subject: words.quoteRequestedForStaff.subject(
      request.reference,
      lineWords.lines(request.lines.length),
    ),
    body: words.quoteRequestedForStaff.body(request.email, request.reference),
    table: linesOf(request, lineWords.staffCaption),
    rows,
    action: {
      label: words.quoteRequestedForStaff.action,
      url: `${options.publicUrl}${routes.dashboardQuotes}`,
    },
  });
}

/** To the customer when an admin offers prices (a new offer too): accept it in My Quotes. */
export function quoteRequestOfferedMail(
  request: QuoteRequest,
  options: { publicUrl: string },
): MailContent {
  const { offer } = request;
  if (!offer) throw new Error('an offer e-mail needs an offer');
  const rows: [string, string][] = [
    ...requestRows(request),
    [words.quote.total, formatMoney(offer.total)],
    [words.quote.validUntil, formatMailDay(offer.validUntil)],
  ];
  if (offer.note !== '') rows.push([serverTexts.quoteOfferMail.note, offer.note]);
  return factsMail({
    to: request.email,
    subject: words.quoteOffered.subject(request.reference),
    body: words.quoteOffered.body(request.reference),
    table: linesOf(request),
    rows,
    action: myQuotes(options.publicUrl, words.quoteOffered.action),
  });
}

/** To the customer when an admin declines their request, with the admin's reason. */
export function quoteRequestDeclinedMail(
  request: QuoteRequest,
  options: { publicUrl: string; reason: string },
): MailContent {
  return factsMail({
    to: request.email,
    subject: words.quoteDeclined.subject(request.reference),
    body: words.quoteDeclined.body(request.reference),
    table: linesOf(request),
    rows: [...requestRows(request), [words.quoteDeclined.reason, options.reason]],
    action: myQuotes(options.publicUrl, words.quoteDeclined.action),
  });
}

/** The names of the lines made to order (stock short), or '' when every line took stock. */
function madeToOrderTools(orders: readonly Order[]): string {
  return orders
    .filter((order) => order.madeToOrder)
    .map((order) => order.name)
    .join(', ');
}

/** To the customer once they accepted: the one checkout it placed, and where to pay it. */
export function quoteRequestAcceptedMail(
  request: QuoteRequest,
  placed: { checkoutId: string; orders: readonly Order[] },
  options: { publicUrl: string },
): MailContent {
  const checkout = checkoutReference(placed.checkoutId);
  const madeToOrder = madeToOrderTools(placed.orders);
  return factsMail({
    to: request.email,
    subject: words.quoteAccepted.subject(request.reference, checkout),
    body: words.quoteAccepted.body(request.reference, checkout),
    table: linesOf(request),
    rows: [
      [words.quote.reference, request.reference],
      [words.quote.total, formatMoney(request.offer?.total ?? 0)],
    ],
    note: madeToOrder ? lineWords.madeToOrder(madeToOrder) : undefined,
    action: {
      label: words.quoteAccepted.action,
      url: `${options.publicUrl}${routes.dashboardCheckoutPayment(placed.checkoutId)}`,
    },
  });
}

/** To an admin (an ADMIN_EMAILS address) once a customer accepted the offer of a request. */
export function quoteRequestAcceptedForAdminsMail(
  request: QuoteRequest,
  placed: { checkoutId: string; orders: readonly Order[] },
  options: { publicUrl: string; to: string },
): MailContent {
  const madeToOrder = madeToOrderTools(placed.orders);
  return factsMail({
    to: options.to,
    subject: words.quoteAcceptedForAdmins.subject(
      request.reference,
      checkoutReference(placed.checkoutId),
    ),
    body: words.quoteAcceptedForAdmins.body(request.reference, request.email),
    table: linesOf(request, lineWords.staffCaption),
    rows: [[words.quote.total, formatMoney(request.offer?.total ?? 0)]],
    note: madeToOrder ? lineWords.madeToOrderForAdmins(madeToOrder) : undefined,
    action: {
      label: words.quoteAcceptedForAdmins.action,
      url: `${options.publicUrl}${routes.dashboardManagedCheckout(placed.checkoutId)}`,
    },
  });
}
