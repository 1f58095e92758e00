import { checkoutLineTexts } from './checkout-line-texts.ts';
import { paidMailLabels, payMailLabels } from './mail-labels.ts';

/**
 * The checkout e-mails' words (issue 26: one e-mail per step per checkout, each listing every line
 * with its SKU), in `serverTexts.mail.checkout`. The templates: server/src/mail/templates/orders.ts.
 */
export const checkoutMailTexts = {
  /** The table of lines, one row a line (an order of the checkout). */
  lines: {
    caption: 'What you ordered',
    /** The same table in the staff's e-mails: they did not order it. */
    staffCaption: 'Lines ordered',
    order: 'Order',
    ...checkoutLineTexts,
  },
  reference: 'Checkout',
  poNumber: 'PO number',
  total: 'Total',
  address: 'Delivery address',
  placed: {
    subject: (reference: string) => `Your checkout ${reference}: please pay to confirm it`,
    body: (reference: string, lines: number) =>
      `Thank you for your checkout ${reference}. Here ${lines === 1 ? 'is the line' : `are the ${lines} lines`} you ordered, paid together with one payment:`,
    held: (until: string) =>
      `We hold the stock for you until ${until}. If the checkout is not paid by then, its lines are cancelled and the stock goes back on sale.`,
    ...payMailLabels,
  },
  /** Placed on account (issue 45): its invoice issued with it, due within the company's terms. */
  invoiced: {
    subject: (reference: string, invoice: string) =>
      `Your checkout ${reference} is ordered on account: invoice ${invoice}`,
    body: (reference: string, lines: number) =>
      `Thank you for your checkout ${reference}. Here ${lines === 1 ? 'is the line' : `are the ${lines} lines`} you ordered on your company’s account:`,
    invoice: 'Invoice',
    due: 'Due',
    note: (due: string) =>
      `Your stock is reserved. The invoice is due by ${due}: download it from My Orders, and pay it by bank transfer quoting its number.`,
    action: 'See your orders',
  },
  paid: {
    subject: (reference: string) => `Payment received for your checkout ${reference}`,
    body: (reference: string, total: string) =>
      `We received your payment of ${total} for checkout ${reference}. We will write again when it ships.`,
    ...paidMailLabels,
    invoiceAttached: (number: string) =>
      `Your invoice ${number}, listing every line, is attached as a PDF.`,
  },
  /** The shipment e-mail's facts (issue 42: server mail/templates/shipments.ts). */
  shipped: {
    carrier: 'Carrier',
    trackingNumber: 'Tracking number',
  },
  /** Staff e-mails for a checkout of several lines. */
  newForStaff: {
    subject: (reference: string, total: string) => `New checkout ${reference}: ${total}`,
    body: (email: string, reference: string, lines: number) =>
      `${email} placed checkout ${reference} of ${lines} ${lines === 1 ? 'line' : 'lines'}. It waits for payment: ship its lines once it is paid.`,
  },
  paidForStaff: {
    subject: (reference: string, total: string) => `Paid: checkout ${reference}, ${total}`,
    body: (email: string, reference: string, total: string) =>
      `${email} paid ${total} for checkout ${reference}. Its lines are ready to ship.`,
  },
} as const;

/**
 * What the invoice and credit note PDFs add for checkouts (issue 26): a SKU column, the PO
 * number among the facts, and a credit note for one line of a checkout's invoice. In
 * `serverTexts.checkoutDocuments`.
 */
export const checkoutDocumentTexts = {
  sku: 'SKU',
  poNumber: 'PO number',
  checkout: 'Checkout',
  lineCredited: (invoice: string, order: string) =>
    `Line ${order} of invoice ${invoice} is credited in full: that order is cancelled and its amount refunded to the card used for payment.`,
} as const;
