import { formatCount } from './money.ts';

/** Shipments (issue 42): the ship dialog, the checkout's page, the refusals, the packing slip. */
export const shipmentTexts = {
  errors: {
    noLines: 'Choose at least one line to ship.',
    tooManyLines: (max: number) => `A shipment can name at most ${formatCount(max)} lines.`,
    checkoutNotFound: 'Checkout not found.',
    shipmentNotFound: 'Shipment not found.',
    nothingToShip: 'Nothing of this checkout is left to ship.',
    lineNotInCheckout: (orderId: string) => `Order ${orderId} is not a line of this checkout.`,
    lineTwice: (reference: string) => `Line ${reference} is named twice: name it once.`,
    lineNotShippable: (reference: string, status: string) =>
      `Line ${reference} is ${status}, so it cannot be shipped.`,
    tooMany: (reference: string, left: number) =>
      `Line ${reference} has only ${formatCount(left)} left to ship.`,
    undoneAlready: (number: string) => `Shipment ${number} was undone already.`,
    undoTooLate: (number: string, shippedAt: string) =>
      `Shipment ${number} left on ${shippedAt}: a shipment can only be undone within 24 hours.`,
    undoLineChanged: (number: string, reference: string) =>
      `Shipment ${number} cannot be undone: line ${reference} was cancelled or refunded since.`,
    orderInSharedShipment: (number: string) =>
      `This order shipped with other lines in shipment ${number}: undo that shipment from its checkout.`,
  },
  dialog: {
    title: (reference: string) => `Ship checkout ${reference}`,
    intro: 'Choose what goes in this shipment. Carrier and tracking number apply to all of it.',
    everything: 'Ship everything still to ship',
    line: 'Line',
    ordered: 'Ordered',
    left: 'Left to ship',
    quantity: (name: string) => `Quantity of ${name} to ship`,
    include: (name: string) => `Ship ${name}`,
    submit: (lines: number) => `Ship ${formatCount(lines)} ${lines === 1 ? 'line' : 'lines'}`,
    cancel: 'Cancel',
    shipped: (number: string) => `Shipment ${number} created`,
  },
  checkoutPage: {
    title: (reference: string) => `Checkout ${reference}`,
    ship: 'Ship…',
    shipments: 'Shipments',
    noShipments: 'Nothing shipped yet.',
    packingSlip: 'Packing slip',
    packingSlipLabel: (number: string) => `Download the packing slip of shipment ${number} (PDF)`,
    undo: 'Undo',
    undoLabel: (number: string) => `Undo shipment ${number}`,
    undone: (number: string) => `Shipment ${number} undone`,
    undoneOn: 'undone',
    shippedQuantity: (shipped: string, of: string) => `${shipped} of ${of} shipped`,
    /** The checkout's summary: how many of its lines left whole ('2 of 12 lines shipped'). */
    linesShipped: (shipped: number, of: number) =>
      `${formatCount(shipped)} of ${formatCount(of)} ${of === 1 ? 'line' : 'lines'} shipped`,
    track: 'Track',
    back: 'All orders',
    buyer: 'Buyer',
    lines: 'Lines',
    placed: 'Placed',
    shipmentOf: (units: string) => `${units} units`,
    openOrder: (reference: string) => `Open order ${reference}`,
    openCheckout: (reference: string) => `Open checkout ${reference}`,
    undoUntil: (until: string) => `Undo until ${until}`,
    /** Issue 42: every line still standing cancelled in one go (POST .../cancel). */
    cancel: 'Cancel checkout',
    cancelTitle: 'Cancel this checkout?',
    cancelLines: (lines: number) =>
      lines === 1
        ? 'Its one line still standing is cancelled.'
        : `Its ${lines} lines still standing are cancelled.`,
    cancelRefundBody: (amount: string) =>
      `${amount} is refunded to the customer's card, with a credit note for each line. This cannot be undone.`,
    cancelKeepBody:
      'Nothing is refunded and no credit note is issued; what has not shipped goes back on sale. This cannot be undone.',
    refundToCard: (amount: string) => `Refund ${amount} to the customer's card`,
    cancelConfirm: (amount: string) => `Refund ${amount}`,
    /** Issue 45: a checkout on account whose invoice is open: its lines are credited off it. */
    cancelOnAccountBody: (amount: string) =>
      `${amount} is credited off the company's open invoice with credit notes: nothing goes back to a card. This cannot be undone.`,
    cancelConfirmOnAccount: (amount: string) => `Credit ${amount}`,
    cancelWithoutRefund: 'Cancel without refund',
    keep: 'Keep checkout',
    cancelled: (reference: string, amount: string, notes: number) =>
      `Checkout ${reference} cancelled: ${amount} refunded, ${notes === 1 ? '1 credit note' : `${notes} credit notes`} issued`,
    cancelledWithoutRefund: (reference: string) =>
      `Checkout ${reference} cancelled, nothing refunded`,
  },
} as const;

/** What only the server writes: the packing slip and the shipment's e-mail. */
export const shipmentServerTexts = {
  /** The packing slip (PDF): what is in the parcel, where it goes; no prices. */
  packingSlip: {
    title: 'Packing slip',
    shipment: 'Shipment',
    checkout: 'Checkout',
    poNumber: 'PO number',
    shippedOn: 'Shipped on',
    carrier: 'Carrier',
    trackingNumber: 'Tracking number',
    shipTo: 'Ship to',
    phone: (phone: string) => `Phone: ${phone}`,
    from: 'From',
    columns: { sku: 'SKU', item: 'Item', quantity: 'Quantity' },
    totalUnits: 'Units in this parcel',
    stillToCome: 'Still to come in a later shipment',
    nothingToCome: 'This shipment completes the checkout.',
    pageNumber: (page: number, pages: number) => `Page ${page} of ${pages}`,
  },
  shipmentMail: {
    subject: (number: string, reference: string) =>
      `Shipment ${number} of your checkout ${reference} is on its way`,
    body: (number: string, reference: string) =>
      `Shipment ${number} of checkout ${reference} has left our warehouse with the lines below.`,
    shippedCaption: 'In this shipment',
    stillToComeCaption: 'Still to come',
    allShipped: 'That completes your checkout: every line has now shipped.',
    quantity: (count: string) => `Quantity: ${count}`,
    ofOrdered: (count: string, ordered: string) => `${count} of ${ordered}`,
    shipment: 'Shipment',
    track: 'Track the parcel',
  },
} as const;
