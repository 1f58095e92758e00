/** Paying for an order: the payment page, its refusals and the card errors. */
export const paymentTexts = {
  payment: {
    title: 'Payment',
    pay: 'Pay',
    complete: 'payment is complete',
    paying: 'Paying',
    orderSummary: 'Your order',
    unitPrice: 'Price',
    quantity: 'Quantity',
    total: 'Total',
    cardDetails: 'Card details',
    cardNumber: 'Card number',
    expiry: 'Expiry (MM / YY)',
    cvc: 'CVC',
    testCardHint: 'Test payments: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.',
    transactionId: 'Transaction id',
    backToOrders: 'Back to My Orders',
    alreadyPaid: 'This order is paid.',
    loadingCardForm: 'Loading the card form',
    /** Stripe.js could not be loaded (blocked, offline), or the server has no publishable key. */
    cardFormUnavailable: 'The card form could not be loaded. Please reload the page.',
  },
  /** The payment calls' refusals, in `{ message, statusCode }` bodies (docs/architecture.md). */
  paymentErrors: {
    /** 409: the client's totalPrice is not price times quantity of the order. */
    totalMismatch: (total: string) =>
      `The total of this order is ${total}. Please reload the page and try again.`,
    /** 409: paying an order that is paid already (another transaction). */
    alreadyPaid: 'This order is paid already.',
    /** 409: PATCH /tool/{id} before the gateway says this order's payment succeeded. */
    notSucceeded: 'The payment for this order has not succeeded.',
    /** 409: paying a company buyer's checkout that waits for their company's approval (issue 44). */
    awaitingApproval:
      'This order is over your monthly limit and waits for your company admin’s approval. You can pay it once it is approved.',
    /** 409: paying by card a checkout placed on account (issue 45): its invoice is paid by transfer. */
    onAccount:
      'This order is on your company’s account: pay its invoice by bank transfer, quoting the invoice number.',
    /** 409: a transaction id that the gateway ties to another order or another amount. */
    notThisOrder: 'This transaction does not belong to this order.',
    /** 400: the body's order is not the order in the path. */
    orderMismatch: 'order must be the id of the order in the path',
    /** 409: the order was removed (or expired) while the customer paid; the gateway refunds. */
    orderGoneRefunded: 'This order no longer exists, so your payment has been refunded.',
    /**
     * 409: a line of the checkout was removed while the customer paid (issue 26): the payment was
     * for the old total, so the gateway refunds it and the page makes a new intent.
     */
    totalChangedRefunded:
      'The total of this checkout changed while you paid (a line was removed), so your payment has been refunded. Please pay the new total.',
    /** 409: card payments stop below $1,000,000. */
    tooLargeForCard: 'This order is too large to pay by card. Please contact us to pay it.',
    /** 404: a client secret that names no intent of this gateway (or of this customer). */
    unknownIntent: 'This payment was not found. Please reload the page.',
    /** 502: the gateway could not be reached or answered an error. */
    gatewayFailed: 'The card payment service did not answer. Please try again.',
    /** 400: a Stripe webhook whose signature does not check out. */
    badSignature: 'The webhook signature is invalid.',
    /** 400: a Stripe webhook, signed, whose body is not an event (not JSON, no type or data). */
    notAnEvent: 'The webhook body is not a Stripe event.',
  },
  /**
   * The built-in test gateway's card errors, in the words Stripe's test mode uses
   * (docs/architecture.md): the payment page shows them in red under the card form.
   */
  cardErrors: {
    declined: 'Your card was declined.',
    insufficientFunds: 'Your card has insufficient funds.',
    expiredCard: 'Your card has expired.',
    incorrectCvc: "Your card's security code is incorrect.",
    incompleteCvc: "Your card's security code is incomplete.",
    invalidNumber: 'Your card number is invalid.',
    incompleteNumber: 'Your card number is incomplete.',
    incompleteExpiry: "Your card's expiration date is incomplete.",
    pastExpiry: "Your card's expiration date is in the past.",
    invalidExpiryMonth: "Your card's expiration month is invalid.",
    notATestCard:
      'Your card was declined. This shop takes test payments: use a test card such as 4242 4242 4242 4242.',
  },
} as const;
