/**
 * The words of a checkout's lines wherever they are listed: the checkout payment page's table
 * (`texts.checkoutPayment.columns`) and the checkout e-mails' (`serverTexts.mail.checkout.lines`).
 */
export const checkoutLineTexts = {
  sku: 'SKU',
  tool: 'Tool',
  quantity: 'Quantity',
  unitPrice: 'Unit price',
  lineTotal: 'Line total',
  /** A line's quantity and unit price in one (a phone's layout, an e-mail): '40 × $6.25'. */
  quantityTimesPrice: (quantity: string, price: string) => `${quantity} × ${price}`,
} as const;
