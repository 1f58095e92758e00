import { formatCount, formatMoney } from './money.ts';

/** The columns of the quote lists, named alike in My Quotes and Quotes (which adds the customer). */
const quoteColumns = {
  reference: 'quote',
  tool: 'tool',
  quantity: 'quantity',
  neededBy: 'needed by',
  offer: 'offer',
  status: 'status',
  action: 'action',
};

/** Quotes: the request on the purchase page, My Quotes and the admins' Quotes page. */
export const quoteTexts = {
  /** Quotes (docs/decisions/011): the request on the purchase page, and My Quotes. */
  quotes: {
    /** The purchase page. */
    requestQuote: 'Request a quote',
    requestInvite: 'Need more than we have in stock, or a price for a large order?',
    requestTitle: (tool: string) => `Request a quote for ${tool}`,
    quantity: 'Quantity',
    quantityHint: (min: number) =>
      `More than ${formatCount(min)}; as many as you need, beyond our stock too`,
    neededBy: 'Needed by',
    note: 'Note',
    noteHint: 'Anything we should know: a target price, packaging, delivery',
    sendRequest: 'Send request',
    requested: (reference: string) =>
      `Quote ${reference} requested. We will e-mail you when we make an offer.`,
    cancel: 'cancel',
    /** 400s the form says before sending, and the server says too. */
    quantityTooSmall: (min: number) =>
      `The quantity must be more than the minimum order quantity (${min}).`,
    neededByPast: 'The needed-by date must be today or later.',
    /** 429: an account sending quote requests faster than ORDER_RATE_LIMIT a minute. */
    tooManyRequestsAtOnce:
      'You are requesting quotes too quickly. Please wait a minute and try again.',
    notADate: (field: string) => `${field} must be a date`,
    /** 400 (issue 43): an `after` that is not the `next` of a page of My Quotes. */
    badPageCursor: 'after: not the next page of your quotes; start again from the first page',
    /** My Quotes. */
    title: 'My Quotes',
    empty: 'You have not requested any quotes yet',
    browseTools: 'Browse our tools',
    columns: quoteColumns,
    status: {
      requested: 'awaiting offer',
      offered: 'offer made',
      expired: 'offer expired',
      accepted: 'accepted',
      declined: 'declined',
      refused: 'not offered',
    },
    offerEach: (price: string) => `${price} each`,
    offerTotal: (total: string) => `${total} in total`,
    validUntil: (date: string) => `valid until ${date}`,
    expiredOn: (date: string) => `expired ${date}`,
    declinedBecause: (reason: string) => `Declined: ${reason}`,
    /** The customer's own note with the request, shown back to them; ours with the offer. */
    yourNote: 'Your note',
    ourNote: 'Our note',
    accept: 'Accept',
    decline: 'Decline',
    pay: 'pay',
    viewOrder: 'My Orders',
    confirmAcceptTitle: 'Accept this offer?',
    confirmAcceptBody: (total: string) =>
      `An order for ${total} is placed at once; pay it from My Orders.`,
    confirmAcceptMadeToOrder:
      'We do not have this quantity in stock: it is made for you and ships when produced.',
    acceptConfirm: 'Accept offer',
    accepted: (reference: string) => `Offer accepted: order ${reference} is placed`,
    confirmDeclineTitle: 'Decline this offer?',
    confirmDeclineBody: 'We will not hold this price for you. You can request a new quote later.',
    declineConfirm: 'Decline offer',
    declined: 'Offer declined',
    /** The dialogs' close button (an icon): the request here, the offer and refusal in Quotes. */
    close: 'Close',
  },
  /**
   * Quote requests of several lines (issue 42, docs/decisions/052): asked from the cart, shown
   * in My Quotes and Quotes as one entry with its lines; the rest of the words are a quote's.
   */
  quoteRequests: {
    /** The name of their paged list, beside the single quotes' (My Quotes, Quotes). */
    listName: 'Quote requests',
    /** The single quotes' paged list, beside the requests'. */
    singleQuotesListName: 'Quotes of one tool',
    /** The cart page. */
    requestFromCart: 'Request a quote for these lines',
    requestInvite: 'A large order, or a price to negotiate? Ask us for a price for every line.',
    requestTitle: (lines: number) =>
      `Request a quote for ${formatCount(lines)} ${lines === 1 ? 'line' : 'lines'}`,
    requestKeepsCart: 'Your cart stays as it is: check out later, or accept our offer.',
    requested: (reference: string) =>
      `Quote ${reference} requested for every line of your cart. We will e-mail you when we make an offer.`,
    /** Their own entry in My Quotes and Quotes. */
    lineCount: (lines: number) => `${formatCount(lines)} ${lines === 1 ? 'line' : 'lines'}`,
    lines: 'lines',
    lineTotal: 'line total',
    unitPrice: 'unit price',
    total: 'Total',
    /** Accepting: one checkout, an order per line. */
    confirmAcceptBody: (total: string, lines: number) =>
      `One checkout of ${formatCount(lines)} orders for ${total} is placed at once; pay it in one payment.`,
    confirmAcceptMadeToOrder: (tools: string) =>
      `We do not have these quantities in stock (${tools}): they are made for you and ship when produced.`,
    accepted: (reference: string) => `Offer accepted: checkout ${reference} is placed`,
    /** The admins' offer: a unit price per line. */
    offerTitle: (reference: string) => `Offer for quote request ${reference}`,
    unitPriceOf: (tool: string, quantity: string) => `Unit price: ${tool} (${quantity})`,
    offerTotal: (total: string) => `Total of the offer: ${total}`,
    /** 400: an offer or an acceptance whose lines are not the request's, each once. */
    pricePerLine: "Give a unit price for each of the request's lines, once each.",
  },
  /** The admins' Quotes page (docs/decisions/011). */
  manageQuotes: {
    title: 'Quotes',
    /** 400 (issue 43): an `after` that is not the `next` of a page of Quotes. */
    badPageCursor: 'after: not the next page of the quotes; start again from the first page',
    empty: 'No quote requests yet',
    columns: { ...quoteColumns, customer: 'customer' },
    status: {
      requested: 'new request',
      offered: 'offered',
      expired: 'offer expired',
      accepted: 'accepted',
      declined: 'declined by customer',
      refused: 'declined',
    },
    /** The customer's note, under the tool (the offer's note is named texts.quotes.ourNote). */
    customerNote: "Customer's note",
    catalogPrice: (price: string) => `catalog ${price} each`,
    inStock: (count: string) => `${count} in stock`,
    beyondStock: 'more than in stock: made to order',
    noLongerOnSale: 'no longer on sale',
    makeOffer: 'Make an offer',
    newOffer: 'New offer',
    offerTitle: (reference: string) => `Offer for quote ${reference}`,
    unitPrice: 'Unit price',
    unitPriceHint: 'In dollars, at most two decimals',
    validUntil: 'Valid until',
    validUntilHint: 'The last day the customer can accept (UTC)',
    validUntilPast: 'The offer must be valid until today or later.',
    offerNote: 'Note to the customer (optional)',
    offerNoteHint: (max: number) =>
      `Lead time, terms: the customer reads it with the price, in My Quotes and the e-mail. At most ${formatCount(max)} characters.`,
    sendOffer: 'Send offer',
    /** An offer above the catalog's unit price for that quantity asks to be sent again. */
    aboveCatalog: (price: string, catalog: string) =>
      `${price} each is above the catalog's ${catalog} each for this quantity. Send it again to offer it anyway.`,
    sendAboveCatalog: 'Send offer above catalog',
    offerSent: (email: string) => `Offer sent to ${email}`,
    decline: 'Decline',
    declineTitle: (reference: string) => `Decline quote ${reference}?`,
    reason: 'Reason',
    reasonHint: 'The customer reads this',
    declineConfirm: 'Decline request',
    declined: 'Request declined',
    cancel: 'cancel',
  },
} as const;

/** What only the server says of quotes, part of serverTexts. */
export const quoteServerTexts = {
  /** The offer e-mail's row for the admin's note: the words My Quotes shows it under. */
  quoteOfferMail: { note: quoteTexts.quotes.ourNote },
  /** What the e-mails of a request of several lines add to a quote's (issue 42). */
  quoteRequestMail: {
    caption: 'The lines of your request',
    staffCaption: 'The lines requested',
    lines: (count: number) => `${formatCount(count)} lines`,
    quantity: (count: string) => `Quantity: ${count}`,
    quantityTimesPrice: (quantity: string, price: string) => `${quantity} × ${price} each`,
    customerNote: "Customer's note",
    madeToOrder: (tools: string) =>
      `We make these for you (${tools}): they ship when produced, and we will write when they do.`,
    madeToOrderForAdmins: (tools: string) => `The stock was short: made to order (${tools}).`,
  },
  /** The quote calls' refusals (docs/decisions/011), in `{ message, statusCode }` bodies. */
  quoteErrors: {
    /** 404: unknown, malformed, or someone else's quote (never revealed). */
    quoteNotFound: 'Quote not found',
    /** 409: an account waiting on MAX_OPEN_QUOTES quotes asks for another. */
    tooManyOpenQuotes: (count: number) =>
      `You have ${count} open quote requests. Wait for our offers, or decline one, before asking for another.`,
    /** 409: accept or decline on a quote without a standing offer (still requested). */
    noOffer: 'This quote has no offer yet.',
    /** 409: accept on an offer whose last valid day has passed. */
    offerExpired: (date: string) =>
      `This offer expired after ${date}. Request a new quote for a new price.`,
    /** 409: the offer was replaced since the customer read it. */
    offerChanged: (price: number) =>
      `The offer for this quote has changed to ${formatMoney(price)} each. Please review it.`,
    /** 409: accept or decline on a quote accepted already (another tab was quicker). */
    alreadyAccepted: 'This quote was accepted already: its order is in My Orders.',
    /** 409: anything on a quote that was declined (by either side). */
    closed: 'This quote is closed: it was declined.',
    /** 400: a quote whose quantity could not be paid for even at one cent a unit. */
    quantityTooLargeToPay: (limit: string) =>
      `This quantity comes to ${limit} or more even at one cent a unit, more than can be paid. Please ask for a smaller quantity.`,
    /** 400: an offer (or an offer being accepted) whose total is above what can be paid. */
    offerTotalTooLarge: (limit: string) =>
      `At this unit price the quote comes to ${limit} or more, more than can be paid. Offer a lower price, or ask the customer to split the quantity.`,
    /** 400: accepting an offer (made before the limit was checked) that could not be paid. */
    acceptedTotalTooLarge: (limit: string) =>
      `This offer comes to ${limit} or more, more than can be paid. Please ask us for a new offer.`,
    /** 409: an admin offering on, or declining, a quote that is accepted or declined. */
    notOpen: 'This quote is no longer open: it was accepted or declined.',
    /** 409: a call on one line of a request of several (they are answered together). */
    lineOfRequest: (reference: string) =>
      `This quote is a line of the quote request ${reference}: answer the request as a whole.`,
    /** 400: a request from an empty cart. */
    emptyCart: 'Your cart is empty: add the tools you want a price for, then request a quote.',
    /** 409: some lines of the cart cannot be quoted; each line says why. */
    linesRefused:
      'Nothing was requested: some lines cannot be quoted as they are. Fix them and request again.',
    /** 409: an offer or an acceptance naming lines that are not the request's. */
    linesChanged: "These are not the request's lines. Please reload the page and try again.",
    /** 409: accepting at prices that are not the standing offer's (a new offer came since). */
    requestOfferChanged: (total: number) =>
      `The offer for this request has changed: it comes to ${formatMoney(total)} now. Please review it.`,
  },
} as const;
