import { formatCount, formatMoney } from './money.ts';

/** The cart's words (issue 26: /cart, the top bar's link, the API's per-line answers). */
export const cartTexts = {
  title: 'Cart',
  /** The problems a line can have as it stands now, in words. */
  problems: {
    belowMinimum: (minimum: number) =>
      `Below the minimum: order more than ${formatCount(minimum)} of this tool.`,
    aboveAvailable: (available: number) =>
      `Not that many in stock: order fewer than ${formatCount(available)}.`,
    withdrawn: 'This tool is no longer sold.',
    priceChanged: (before: number, now: number) =>
      `The price changed since you added it: ${formatMoney(before)} then, ${formatMoney(now)} now.`,
  },
  /** Why POST /cart/lines refused a line. */
  refusals: {
    unknownSku: (sku: string) => `No tool has the SKU ${sku}.`,
    unknownTool: 'No tool on sale has this id.',
    noTool: 'Name the tool by its SKU or its id.',
    bothTool: 'Name the tool by its SKU or its id, not both.',
    full: (max: number) => `Your cart holds at most ${formatCount(max)} lines.`,
  },
  errors: {
    tooManyLines: (max: number) => `Send at most ${formatCount(max)} lines at once.`,
    customersOnly: 'The cart is for customers: an admin account does not buy.',
    checkoutNotFound: 'No checkout of yours has this id.',
    orderAgainWhich: 'Name one checkout (checkoutId) or one order (orderId) to order again.',
  },
  /** What Order again says of each line it put into the cart (or could not). */
  orderAgain: {
    button: 'Order again',
    busy: 'Adding…',
    samePrice: (now: number) => `Added at ${formatMoney(now)} a unit, as before.`,
    priceChanged: (then: number, now: number) =>
      `Added at today's price: ${formatMoney(now)} a unit (${formatMoney(then)} before).`,
    title: 'Order again',
    summary: (added: number, refused: number) =>
      refused === 0
        ? `${formatCount(added)} ${added === 1 ? 'line' : 'lines'} added to your cart.`
        : `${formatCount(added)} added, ${formatCount(refused)} could not be added.`,
  },
};
