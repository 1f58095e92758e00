import { formatCount, formatMoney } from './money.ts';

/** The cart's words (issue 26: /cart, the top bar's link, the API's per-line answers). */
export const cartTexts = {
  title: 'Cart',
  /** The cart page (/cart). */
  page: {
    intro: 'Your cart is kept with your account: it is the same on every device you sign in on.',
    empty: 'Your cart is empty.',
    findTools: 'Find tools',
    quickOrder: 'Quick order by SKU',
    lines: 'Lines in your cart',
    /** The first thing a keyboard reaches on the cart: past every line's fields, to the form. */
    skipToCheckout: 'Skip to the checkout form',
    tool: 'Tool',
    quantity: 'Quantity',
    quantityOf: (name: string) => `Quantity of ${name}`,
    quantityHint: (minimum: number, available: number) =>
      `More than ${formatCount(minimum)}, fewer than ${formatCount(available)}.`,
    unitPrice: 'Unit price',
    lineTotal: 'Line total',
    noPrice: 'No price',
    remove: 'Remove',
    removeLabel: (name: string) => `Remove ${name} from the cart`,
    removed: (name: string) => `${name} is out of your cart.`,
    total: 'Total',
    lineCount: (lines: number) => `${formatCount(lines)} ${lines === 1 ? 'line' : 'lines'}`,
    emptyCart: 'Empty cart',
    emptyCartTitle: 'Empty your cart?',
    emptyCartQuestion: 'Every line leaves the cart. Nothing is ordered.',
    keep: 'Keep the lines',
    emptied: 'Your cart is empty now.',
    fixFirst: 'Fix or remove the lines marked in red before checking out.',
  },
  /** The checkout form under the cart. */
  checkout: {
    title: 'Check out',
    intro: 'Every line is ordered at once, reserved together, and paid with one payment.',
    submit: (total: string) => `Check out, ${total}`,
    placed: (reference: string) => `${reference} is placed: one payment below pays every line.`,
  },
  /** "Add to cart" on the purchase page. */
  add: {
    button: 'Add to cart',
    added: (quantity: number, name: string) =>
      `${formatCount(quantity)} × ${name} in your cart now.`,
    viewCart: 'View your cart',
  },
  /** The problems a line can have as it stands now, in words. */
  problems: {
    belowMinimum: (minimum: number) =>
      `Below the minimum: order more than ${formatCount(minimum)} of this tool.`,
    aboveAvailable: (available: number) =>
      `Not that many in stock: order fewer than ${formatCount(available)}.`,
    withdrawn: 'This tool is no longer sold.',
    /** UNPAID_TOOL_SHARE: one account holds at most a share of a tool's stock unpaid. */
    aboveShare: (maxUnits: number, heldUnits: number) =>
      `You can hold at most ${formatCount(maxUnits)} of this tool unpaid at a time${heldUnits > 0 ? ` (you hold ${formatCount(heldUnits)} already)` : ''}: order fewer, or pay for your unpaid orders first.`,
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
  /** A line that went to a tool already in the cart: what it held, and holds now. */
  inCart: (held: number, now: number) => `${formatCount(held)} in cart → ${formatCount(now)}`,
  /** What Order again says of each line it put into the cart (or could not). */
  orderAgain: {
    button: 'Order again',
    busy: 'Adding…',
    samePrice: (now: number) => `Added at ${formatMoney(now)} a unit, as before.`,
    priceChanged: (then: number, now: number) =>
      `Added at today's price: ${formatMoney(now)} a unit (${formatMoney(then)} before).`,
    title: 'Order again',
    /** Shown when a line added to a tool the cart held already. */
    replace: 'Use only these quantities',
    replaceHint: 'Some lines were added to quantities already in your cart.',
    close: 'Close',
    goToCart: 'Go to the cart',
    summary: (added: number, refused: number) =>
      refused === 0
        ? `${formatCount(added)} ${added === 1 ? 'line' : 'lines'} added to your cart.`
        : `${formatCount(added)} added, ${formatCount(refused)} could not be added.`,
  },
};
