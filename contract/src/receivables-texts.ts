import { formatMoney } from './money.ts';
import { dashboardPageNames } from './shell-texts.ts';

/**
 * Receivables (issue 45): the shop admins' page of open invoices on account and the payments
 * recorded against them, the refusals of recording one, and the company's own open invoices on
 * its Company page.
 */
export const receivablesTexts = {
  /** The server's refusals of POST /manageReceivables/{id}/payments. */
  errors: {
    notFound: 'No invoice on account with this id.',
    settled: 'This invoice is settled already: there is nothing open to record a payment against.',
    overOpen: (amount: number, open: number) =>
      `Nothing was recorded: ${formatMoney(amount)} is more than what is open on this invoice (${formatMoney(open)}).`,
    referenceElsewhere: (number: string) =>
      `Nothing was recorded: this bank reference is recorded already, against invoice ${number}.`,
    referenceDiffers:
      'Nothing was recorded: this bank reference is recorded already against this invoice, with another amount or day.',
    receivedInFuture: 'receivedOn: the day a payment arrived cannot be later than today',
    notAnInvoiceOfYours: 'No open invoice of your company with this id.',
  },
  /** The Receivables page (shop admins). */
  page: {
    title: dashboardPageNames.receivables,
    intro:
      'Invoices issued on account and not yet paid, by company, the earliest due first. Record each transfer from the bank statement: once an invoice is paid in full, its checkout is paid.',
    asOf: (time: string) => `As of ${time}`,
    /** The totals at the top (their list's name for a screen reader). */
    totals: 'Totals',
    open: 'Open',
    overdue: 'Overdue',
    invoices: 'Open invoices',
    /** A company's figures beside its legal name. */
    companyFigures: (open: string, overdue: string, count: number) =>
      `${open} open, ${overdue} overdue, ${count.toLocaleString('en-US')} ${count === 1 ? 'invoice' : 'invoices'}`,
    empty: 'No invoice on account is open: every one is paid.',
    columns: {
      number: 'Invoice',
      issued: 'Issued',
      due: 'Due',
      daysOverdue: 'Days overdue',
      total: 'Total',
      received: 'Received',
      open: 'Open',
      actions: 'Actions',
    },
    /** Past its due date by less than a whole day (0 days, yet overdue). */
    pastDue: 'Past due',
    /** Under the invoice's number: its PO number, and who ordered. */
    poNumber: (poNumber: string) => `PO ${poNumber}`,
    noPoNumber: 'No PO number',
    buyer: (name: string) => `Ordered by ${name}`,
    credited: (amount: string) => `Credited: ${amount}`,
    /** The payments recorded against an invoice, under it. */
    paymentsHeading: 'Payments received',
    payments: (number: string) => `Payments received against ${number}`,
    paymentLine: (day: string, amount: string, reference: string) =>
      `${day}: ${amount}, reference ${reference}`,
    /** The button, and its name for a screen reader. */
    recordPayment: 'Record payment',
    recordPaymentLabel: (number: string) => `Record a payment against ${number}`,
    /** The dialog. */
    dialogTitle: (number: string) => `Record payment: ${number}`,
    dialogDescription: (legalName: string, open: string) =>
      `${legalName}: ${open} open. A payment of less than that leaves the rest open.`,
    receivedOn: 'Day received',
    receivedOnHint: 'The day on the bank statement',
    amount: 'Amount (USD)',
    amountHint: 'What arrived; the whole open amount to start with',
    bankReference: 'Bank reference',
    bankReferenceHint: 'As the bank statement gives it: a reference is recorded only once',
    record: 'Record payment',
    cancel: 'Cancel',
    close: 'Close',
    /** After recording: what was recorded, and when that settled the invoice. */
    recorded: (amount: string, number: string) =>
      `Payment of ${amount} recorded against ${number}.`,
    settled: (number: string) => `${number} is settled: the checkout is paid.`,
    /** The same bank reference sent again: the payment first recorded with it. */
    alreadyRecorded: (amount: string, number: string) =>
      `This bank reference was recorded already: ${amount} against ${number}. Nothing more was recorded.`,
  },
  /** The Company page's open invoices (company members). */
  company: {
    title: 'Open invoices',
    adminsIntro:
      'Every invoice of the company on account that is not paid in full yet, the next due first.',
    buyersIntro:
      'The invoices of your own checkouts on account that are not paid in full yet, the next due first.',
    invoice: 'Invoice',
    poNumber: 'PO number',
    noPoNumber: 'None',
    buyer: 'Buyer',
    issued: 'Issued',
    due: 'Due',
    total: 'Total',
    received: 'Received',
    open: 'Open',
    pdf: 'PDF',
    daysOverdue: (days: number) =>
      `${days.toLocaleString('en-US')} ${days === 1 ? 'day' : 'days'} overdue`,
    /** Past its due date by less than a whole day. */
    pastDue: 'Past due',
    downloadPdf: 'Download PDF',
    downloadingPdf: 'Downloading PDF',
    noneOpen: 'No open invoices: every invoice of the company on account is paid.',
    noneOpenOfYours: 'No open invoices: every invoice of your checkouts on account is paid.',
  },
};
