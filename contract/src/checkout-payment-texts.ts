import { checkoutLineTexts } from './checkout-line-texts.ts';

/**
 * The checkout payment page's words (issue 26: every line of a checkout paid at once), in
 * `texts.checkoutPayment`. The card form's own words stay in `texts.payment`.
 */
export const checkoutPaymentTexts = {
  summary: 'Your checkout',
  reference: 'Checkout',
  poNumber: 'PO number',
  lines: (count: number) => (count === 1 ? '1 line' : `${count} lines`),
  columns: checkoutLineTexts,
  total: 'Total',
  /** Under the total: one payment pays every line. */
  oneCharge: 'One card payment pays every line.',
  alreadyPaid: 'This checkout is paid.',
  downloadInvoice: 'Download the invoice',
  downloadingInvoice: 'Downloading the invoice',
} as const;
