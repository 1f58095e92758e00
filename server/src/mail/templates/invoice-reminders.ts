import { centsToDollars, formatMoney, routes, serverTexts } from '@tools-factory/contract';
import type { MailContent } from '../mailer.ts';
import { factsMail, formatMailDay } from './layout.ts';

const words = serverTexts.reminders;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A reminder's kind, as invoice_reminders stores it: 'due-in-3', 'due', 'overdue-7', ... */
export type ReminderKind = 'due-in-3' | 'due' | `overdue-${number}`;

/** What a reminder says of its invoice on account (the invoice's row has it). */
export type RemindedInvoice = {
  number: string;
  /** The company's legal name as the invoice copied it. */
  buyerCompany: string;
  poNumber: string;
  issuedAt: Date;
  dueAt: Date;
  totalCents: number;
  receivedCents: number;
  creditedCents: number;
};

/** A moment's UTC day as e-mails show it: 'May 31, 2030' (as the invoiced e-mail words it). */
const dayOf = (at: Date) => formatMailDay(at.toISOString().slice(0, 10));
const money = (cents: number) => formatMoney(centsToDollars(cents));

/**
 * The payment reminder of an invoice on account (issue 45) to one admin of the company it bills
 * (greeted by the outbox): what is still to pay of it and by when, its facts (the PO number when
 * it has one), and how to pay it: by transfer to the seller's bank (SELLER_BANK_DETAILS), quoting
 * its number. `now` is the sweep's: an overdue reminder says how many whole days past due it is.
 */
export function invoiceReminderMail(
  invoice: RemindedInvoice,
  options: {
    to: string;
    kind: ReminderKind;
    now: Date;
    seller: { bankLines: readonly string[]; email: string };
    publicUrl: string;
  },
): MailContent {
  const { kind, seller } = options;
  const open = money(invoice.totalCents - invoice.receivedCents - invoice.creditedCents);
  const due = dayOf(invoice.dueAt);
  const company = invoice.buyerCompany;
  const days = Math.floor((options.now.getTime() - invoice.dueAt.getTime()) / DAY_MS);
  const [subject, body] =
    kind === 'due-in-3'
      ? [
          words.subject.dueIn3(invoice.number, due, open),
          words.body.dueIn3(invoice.number, company, due, open),
        ]
      : kind === 'due'
        ? [words.subject.due(invoice.number, open), words.body.due(invoice.number, company, open)]
        : [
            words.subject.overdue(invoice.number, days, open),
            words.body.overdue(invoice.number, company, due, days, open),
          ];
  const paidPart = invoice.receivedCents + invoice.creditedCents > 0;
  const rows: [string, string][] = [
    [words.invoice, invoice.number],
    [words.company, company],
    ...(invoice.poNumber ? [[words.poNumber, invoice.poNumber] as [string, string]] : []),
    [words.issued, dayOf(invoice.issuedAt)],
    [words.due, due],
    [words.total, money(invoice.totalCents)],
    ...(paidPart
      ? [[words.received, money(invoice.receivedCents + invoice.creditedCents)] as [string, string]]
      : []),
    [words.open, open],
    ...(seller.bankLines.length > 0
      ? [[words.bankDetails, seller.bankLines.join('\n')] as [string, string]]
      : []),
  ];
  return factsMail({
    to: options.to,
    subject,
    body,
    rows,
    note:
      seller.bankLines.length > 0
        ? words.howToPay(invoice.number)
        : words.howToPayNoBank(invoice.number, seller.email),
    action: { label: words.action, url: `${options.publicUrl}${routes.dashboardCompanyOrders}` },
  });
}
