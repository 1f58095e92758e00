/**
 * Words the order's and the checkout's e-mails share (serverTexts.mail.orderPlaced/orderPaid and
 * serverTexts.mail.checkout.placed/paid): one spelling for both.
 */
export const payMailLabels = {
  /** The button of an unpaid order's or checkout's e-mail. */
  action: 'Pay now',
} as const;

export const paidMailLabels = {
  transactionId: 'Transaction id',
  invoiceNumber: 'Invoice',
} as const;
