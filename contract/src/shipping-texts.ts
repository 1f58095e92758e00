import { formatMoney } from './money.ts';

/** Shipping charges' words (issue 42), in `texts.shipping`: the cart, checkout and payment. */
export const shippingTexts = {
  /** The line under the goods. */
  line: 'Shipping',
  subtotal: 'Goods',
  free: 'Free',
  quoted: 'Quoted after ordering',
  /** Under a quoted line: what happens next. */
  quotedHint: 'We quote the shipping once you have ordered and e-mail you; you pay then.',
  /** The cart's nudge to the next cheaper band. */
  addMore: (more: number, charge: number) =>
    charge === 0
      ? `Add ${formatMoney(more)} more for free shipping.`
      : `Add ${formatMoney(more)} more and shipping is ${formatMoney(charge)}.`,
  /** The payment page while an admin has not set the shipping yet. */
  awaitingQuote:
    'We are quoting the shipping of this checkout. We will e-mail you when it is set; you can pay then.',
  /** The admin's form on the checkout page. */
  admin: {
    title: 'Shipping charge',
    toQuote: 'The buyer waits for this shipping quote before paying.',
    amount: 'Shipping (US$)',
    set: 'Set the shipping',
    setting: 'Setting the shipping',
    done: (amount: number) =>
      `Shipping is ${formatMoney(amount)}: the buyer is e-mailed and can pay now.`,
  },
} as const;

/** What only the server says of shipping: its refusals, and the e-mail of a quoted charge. */
export const shippingServerTexts = {
  shippingErrors: {
    /** POST /create-payment-intent and /checkouts/{id}/payment-intent while quoted. */
    awaitingQuote: shippingTexts.awaitingQuote,
    /** POST /manageCheckouts/{id}/shipping on a checkout that is not waiting for one. */
    notQuoted: 'This checkout’s shipping is set already: it is charged as it stands.',
    notUnpaid: 'This checkout is not waiting for payment: its shipping cannot change now.',
  },
  shippingMail: {
    subject: (reference: string) => `Shipping quoted for ${reference}: ready to pay`,
    body: (reference: string, shipping: number, total: number) =>
      `We have quoted the shipping of your checkout ${reference}: ${formatMoney(shipping)}. ` +
      `It comes to ${formatMoney(total)} in all, and you can pay it now.`,
    pay: 'Pay now',
  },
} as const;
