import { formatMoney } from './money.ts';

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
  page: {},
  /** The Company page's open invoices (company members). */
  company: {},
};
