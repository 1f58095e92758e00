/** The invoices and credit notes, part of serverTexts: their refusals and their PDFs' words. */
export const invoiceTexts = {
  /** The invoice calls' refusals, in `{ message, statusCode }` bodies. */
  invoiceErrors: {
    /** 404: an unpaid order has no invoice yet (someone else's order is orderNotFound). */
    notPaidYet: 'This order has no invoice yet: it is not paid.',
    /** 404: an order that was not cancelled has no credit note. */
    notCancelled: 'This order has no credit note: nothing of it was refunded by us.',
    /** 404: GET /creditNotes/{id} of an unknown or malformed id (issue 42). */
    creditNoteNotFound: 'Credit note not found',
  },
  /**
   * The invoice PDF's words (issue 13). The seller is the manufacturer; a real shop sets its own
   * details here, in one place.
   */
  invoice: {
    title: 'Invoice',
    number: 'Invoice number',
    issued: 'Date of issue',
    paid: 'Paid on',
    transactionId: 'Transaction id',
    order: 'Order',
    /** The seller's details come from SELLER_* (server/src/config.ts, README). */
    seller: 'Seller',
    buyer: 'Buyer',
    /** Before the delivery address when the company's billing address comes first (issue 44). */
    shipTo: 'Ship to:',
    columns: { tool: 'Tool', quantity: 'Quantity', unitPrice: 'Unit price', amount: 'Amount' },
    total: 'Total',
    paidInFull: 'Paid in full by card. Thank you for your order.',
    madeToOrder: 'Made to order.',
    /** The shipping's line under the tools (issue 42), taxed as they are. */
    shipping: 'Shipping',
    page: (page: number, pages: number) => `Page ${page} of ${pages}`,
    /** Issue 25: what a business needs to book it. */
    quote: 'Quote',
    companyNumber: (number: string) => `Company number ${number}`,
    taxNumber: (number: string) => `VAT number ${number}`,
    /** An amount with its currency code: '$1,350.75 USD'. */
    amount: (money: string) => `${money} USD`,
    /** The prices include the tax: the net and the tax are parts of the total. */
    net: 'Net amount',
    tax: (percent: string) => `VAT ${percent}%`,
    pricesIncludeTax: (percent: string) => `Prices include VAT at ${percent}%.`,
    /** At a rate of 0% (issue 42): why no VAT is charged, in the seller's words (SELLER_ZERO_TAX_REASON). */
    noTax: (reason: string) => `VAT 0%: ${reason}`,
    /** Issue 45: tax added on top of net prices (TAX_MODE=added). */
    taxAdded: (percent: string) => `VAT at ${percent}% is added to the net prices.`,
    /** Issue 45: a tax-exempt company's order; the buyer's VAT number is printed under Buyer. */
    reverseCharge:
      'VAT 0%: reverse charge. The customer accounts for the VAT (Article 196, Council Directive 2006/112/EC).',
    bankDetails: 'Bank details for transfers',
    /** Issued on account (issue 45): its terms, when it is due, and how to pay it. */
    paymentTerms: 'Payment terms',
    netDays: (days: number) => `Net ${days} days`,
    due: 'Due',
    onAccount: (due: string) =>
      `Payable by bank transfer by ${due}, quoting the invoice number. Thank you for your order.`,
    settled: 'Paid in full by bank transfer. Thank you for your order.',
    /** Settled by credit notes alone (its lines cancelled before anything was paid). */
    creditedInFull: 'Credited in full by the credit notes issued against it: nothing is due.',
  },
  /** The credit note PDF's words (issue 22): the seller and the layout are the invoice's. */
  creditNote: {
    title: 'Credit note',
    number: 'Credit note number',
    issued: 'Date of issue',
    invoice: 'Credits invoice',
    order: 'Order',
    refundId: 'Refund id',
    total: 'Total credited',
    refundedInFull: (invoice: string) =>
      `Invoice ${invoice} is credited in full: the order is cancelled and its amount refunded to the card used for payment.`,
    /**
     * Issue 42: part of a line given back (a partial refund, or a cancellation's rest after one):
     * the table's one line names it, and the closing sentence says what of the invoice it credits.
     */
    partLine: (tool: string, quantity: string) => `Refund on ${tool} (${quantity} ordered)`,
    /** Issue 42: a checkout's shipping given back (it was cancelled before anything shipped). */
    shippingCredited: (invoice: string) =>
      `The shipping on invoice ${invoice} is credited and refunded to the card used for payment: nothing of the order was shipped.`,
    partCredited: (amount: string, order: string, invoice: string) =>
      `${amount} of order ${order} on invoice ${invoice} is credited and refunded to the card used for payment.`,
  },
} as const;
