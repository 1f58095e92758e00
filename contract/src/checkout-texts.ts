import { formatCount, formatMoney } from './money.ts';

/** The checkout's words (issue 26: POST /checkout and the cart page's form), in `texts.checkout`. */
export const checkoutTexts = {
  poNumber: 'Your PO number (optional)',
  /** Issue 42: printed on the invoice under the buyer, as typed. */
  companyName: 'Company name on the invoice (optional)',
  taxNumber: 'Your VAT or tax number (optional)',
  errors: {
    emptyCart: 'Your cart is empty: add tools before checking out.',
    linesRefused:
      'Nothing was ordered: some lines cannot be ordered as they are. Fix them and check out again.',
    totalChanged: (expected: number, now: number) =>
      `The total changed: you saw ${formatMoney(expected)}, it is ${formatMoney(now)} now. Check the cart and check out again.`,
    poNumberTooLong: 'The PO number is at most 35 characters.',
    tooLarge: 'This checkout is above what one card payment can pay: split it into smaller ones.',
    /** Issue 45: a checkout on account that the buyer's company cannot place. */
    badPayment: (methods: readonly string[]) => `payment must be one of ${methods.join(', ')}`,
    noPaymentTerms:
      'Your company pays by card: it has no payment terms with us. Choose card payment, or ask us for terms.',
    poNumberRequired:
      'Your company asks for a PO number on every checkout: enter it, then check out again.',
    overCreditLimit: (total: number, creditLeft: number) =>
      `Nothing was ordered: this checkout (${formatMoney(total)}) is more than your company’s credit left (${formatMoney(creditLeft)}). Pay it by card, or ask your company admin to settle open invoices first.`,
    shippingToQuoteOnAccount:
      'Nothing was ordered: this checkout’s shipping is quoted after ordering, so it cannot be invoiced on account yet. Pay it by card, or split it into smaller checkouts.',
    invoiceOverdue:
      'Nothing was ordered: your company has an invoice past its due date, so checkouts on account wait until it is paid. You can still pay by card.',
    /** GET /checkouts/page's `after` that no page of the caller's answered (issue 43). */
    badPageCursor: 'after: not the next page of your orders; start again from the first page',
  },
  /** My Orders: the head of a checkout's lines (a checkout of one line shows as its order). */
  group: {
    checkout: 'Checkout',
    lines: (count: number) => `${formatCount(count)} tools`,
    po: 'PO',
    total: 'Total',
    payAll: 'Pay for all',
    placed: 'placed',
    shipTo: 'ship to',
    /** What went back of a checkout: its cancelled and refunded lines' amount (issue 42). */
    refunded: (amount: string) => `${amount} refunded`,
    /** The checkout's one invoice, on its head (issue 42). */
    invoiceLabel: (reference: string) => `Download the invoice of checkout ${reference} (PDF)`,
    /** A checkout's state, as its lines make it (the spec's 'panding' for paid). */
    status: {
      awaitingApproval: 'awaiting approval',
      unpaid: 'unpaid',
      invoiced: 'invoiced',
      paid: 'panding',
      partlyShipped: 'partly shipped',
      shipped: 'shipped',
      closed: 'closed',
    },
    payAllNote: 'One payment for every line of this checkout.',
    /** A checkout past its buyer's monthly limit (issue 44): no payment until it is approved. */
    awaitingApprovalNote:
      'This checkout is over your monthly limit: one of your company’s admins must approve it before you can pay. We e-mail you when they decide.',
  },
  /** Issue 44: placed past the buyer's monthly limit; the cart leads to My Orders, not to pay. */
  placedAwaitingApproval: (reference: string) =>
    `${reference} is placed and awaits your company’s approval: you can pay it once an admin approves it. We e-mail you when they decide.`,
  /**
   * Issue 45: the tax beside a cart's or a checkout's total (the cart, the payment page, My
   * Orders); `rate` in percent (20, 7.5). Nothing is said of a tax at 0 %.
   */
  tax: {
    /** Tax added on top: its row between the shipping and the total (which counts it). */
    added: (rate: number) => `Tax (${rate}%)`,
    /** Tax within the total (list prices include it): a line under the total. */
    included: (amount: number, rate: number) => `Includes ${formatMoney(amount)} tax (${rate}%)`,
    /** A tax-exempt company's checkout: no tax on it, the buyer books it. */
    reverseCharge: 'Reverse charge: no tax is charged; the buyer accounts for it.',
  },
  /** An accepted checkout whose prices moved since the lines were added. */
  priceChanged: (reference: string) =>
    `Prices changed since you added some lines: ${reference} is placed at today's prices.`,
};
