import { homeTexts } from './home-texts.ts';
import { formatCount, formatMoney } from './money.ts';
import { cartTexts } from './cart-texts.ts';
import { checkoutTexts } from './checkout-texts.ts';
import { checkoutDocumentTexts, checkoutMailTexts } from './checkout-mail-texts.ts';
import { paidMailLabels, payMailLabels } from './mail-labels.ts';
import { checkoutPaymentTexts } from './checkout-payment-texts.ts';
import { quickOrderTexts } from './quick-order-texts.ts';
import { dashboardPageNames, shellTexts } from './shell-texts.ts';
import { skuTexts } from './sku-texts.ts';

export { homeTexts, shellTexts };

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

/**
 * Every text a user sees, spelt exactly as SPEC.md spells it (typos included: the product's
 * customers know these words). Change a text here and both the web app and the server follow.
 * The frame's and the home page's texts have their one home in shell-texts.ts and home-texts.ts:
 * the first page imports those alone, so its script does not carry every other page's words.
 */
export const texts = {
  ...shellTexts,
  ...homeTexts,
  /** Buying as a business (issue 26): each has its own file, composed here. */
  sku: skuTexts,
  cart: cartTexts,
  checkout: checkoutTexts,
  checkoutPayment: checkoutPaymentTexts,
  quickOrder: quickOrderTexts,
  /** Volume pricing (DESIGN.md section 11): the purchase page's table and the admins' editor. */
  priceBreaks: {
    title: 'Volume pricing',
    quantity: 'Quantity',
    unitPrice: 'Unit price',
    saving: 'You save',
    /** A row of the table: the quantities a unit price applies to. */
    range: (from: string, to: string) => `${from} to ${to}`,
    orMore: (from: string) => `${from} or more`,
    /** The saving of a break against the list price, in whole percent. */
    percentOff: (percent: number) => `${percent}% off`,
    /** Under the quantity: what the typed quantity costs. */
    yourUnitPrice: 'Your unit price',
    /** The next break above the typed quantity, as the issue words it. */
    nextBreak: (quantity: string, price: string) =>
      `Order ${quantity} or more and pay ${price} each`,
    /** The admins' editor (Add Product, Manage Tools). */
    editorLegend: 'Price breaks (optional)',
    editorHint: 'From a quantity above the minimum, a unit price below the list price',
    fromQuantity: 'From quantity',
    breakPrice: 'Unit price',
    addBreak: 'Add a price break',
    removeBreak: (index: number) => `Remove price break ${index}`,
    /** One row of the editor, as screen readers name it. */
    breakRow: (index: number) => `Price break ${index}`,
    none: 'No price breaks',
    edit: 'Price breaks',
    editTitle: (tool: string) => `Price breaks of ${tool}`,
    save: 'Save price breaks',
    saved: (tool: string) => `Price breaks of ${tool} saved`,
    cancel: 'cancel',
    /** The dialog's close button (an icon). */
    close: 'Close',
  },
  about: {
    title: 'ABOUT',
    body: 'Tools Factory forges, grinds and finishes hand tools in its own workshops: hammers, wrenches, pliers, saws, chisels and measuring tools. Every batch is checked by hand before it leaves the house, and we ship in bulk to hardware stores, builders and workshops in more than forty countries. Order by the crate, and we make sure each tool earns its place in the box.',
  },
  blogs: {
    title: 'BLOGS',
    posts: [
      {
        question: 'How does state work in React?',
        answer:
          'State is data a component owns and remembers between renders. You read it from useState or useReducer and change it only through the setter the hook gives you. Calling the setter schedules a new render: React runs the component again with the new value and updates just the parts of the page that changed.',
      },
      {
        question: 'What are the different ways to manage state in a React application?',
        answer:
          'Local state (useState, useReducer) for what one component needs; lifting state up to a common parent when siblings share it; context for values many components read, such as the signed-in user; a server-state library such as TanStack Query for data fetched from an API, with caching and refetching; the URL for filters and pages; and a store such as Redux or Zustand when many distant parts of the app change the same data.',
      },
      {
        question: 'How does prototypal inheritance work, and how does it relate to classes?',
        answer:
          'Every JavaScript object has a hidden link to another object, its prototype. When a property is not found on the object itself, the engine follows that link, and the next one, until it finds the property or reaches null. The class keyword is a friendlier syntax over the same mechanism: methods live on the prototype and every instance shares them.',
      },
      {
        question: 'Why should you not set the state directly, as in products = [...]?',
        answer:
          'Assigning to the variable changes only a local copy: React does not know anything happened, so it will not render again, and the next render throws the change away. Mutating the array in place is just as bad, because React compares old and new values by reference and sees no difference. Call the setter with a new array, for example setProducts([...products, tool]).',
      },
      {
        question: 'What is a unit test and why should you write unit tests?',
        answer:
          'A unit test checks one small piece of code, a function or a component, on its own, with fast and repeatable inputs. Tests catch mistakes while the code is still fresh in your mind, let you change code without fear of silently breaking it, and document how each piece is meant to behave. In React, Vitest or Jest with Testing Library render a component and check what the user would see.',
      },
    ],
  },
  placeholder: 'This page is on its way and will be ready in an upcoming release.',
  notFound: 'This page is not Found',
  toolNotFound: 'This tool was not found',
  login: {
    title: 'Login',
    email: 'Email',
    password: 'Password',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    submit: 'LOGIN',
    newHere: 'New To Tools Factory ?',
    createAccount: 'Create an account',
    forgotPassword: 'Forgate password ?',
    resetPassword: 'Resate password',
    google: 'Continew with Google',
    or: 'OR',
    sentEmail: 'Sent email',
    signingIn: 'Signing you in',
    /** Offered once the password is refused with 429 (issue 22 item 3). */
    emailMeCode: 'E-mail me a sign-in code',
    code: 'Sign-in code',
    signInWithCode: 'Sign in with the code',
    codeSent: (minutes: number) =>
      `If an account uses this e-mail, a sign-in code is on its way. It works for ${minutes} minutes.`,
    codeInvalid: (length: number) =>
      `The code is the ${length} letters and digits of the e-mail, such as 7KQM-3XPD.`,
  },
  signup: {
    title: 'Sign Up',
    name: 'Name',
    email: 'Email',
    password: 'Password',
    submit: 'SIGNUP',
    haveAccount: 'Already have an account ?',
    login: 'Please login',
    google: 'Continew with Google',
    noUserLoggedIn: 'No user is logged in',
  },
  resetPasswordPage: {
    newPassword: 'New password',
    submit: 'Save new password',
    success: 'Your password has been changed. Log in with your new password.',
    goToLogin: 'Go to login',
  },
  /** The account forms' own rules; a missing field says fieldErrors.required ('email is required'). */
  validation: {
    emailInvalid: 'Please provide a valid Email',
    passwordTooShort: 'Must be 6 characters or longer',
    /** A new password zxcvbn finds too easy to guess (server/src/modules/identity/password-strength.ts). */
    passwordTooGuessable:
      'This password is too easy to guess: it is a common password, or close to one, or to your name or e-mail. Please choose another, e.g. a few unrelated words.',
  },
  /**
   * A field's value refused (the API's 400 answers and the forms' red lines), named by the
   * field as a person calls it: 'address', 'image link'.
   */
  fieldErrors: {
    required: homeTexts.home.contactRequired,
    notText: (field: string) => `${field} must be text`,
    tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
    nulCharacter: (field: string) => `${field} must not contain a NUL character`,
    notANumber: (field: string) => `${field} must be a number`,
    notWhole: (field: string) => `${field} must be a whole number`,
    digitsOnly: (field: string) => `${field} must be written with digits only`,
    tooSmall: (field: string, min: number) => `${field} must be at least ${min}`,
    tooLarge: (field: string, max: number) => `${field} must be at most ${max}`,
    notPositive: (field: string) => `${field} must be a positive number`,
    tooManyDecimals: (field: string) => `${field} must have at most two decimals`,
    priceTooHigh: (field: string, limit: string) => `${field} must be less than ${limit}`,
    /** A positive amount that is less than a cent (5e-324): it would be stored as 0. */
    belowOneCent: (field: string) => `${field} must be at least $0.01`,
    notOneOf: (field: string, choices: readonly string[]) =>
      `${field} must be one of ${choices.join(', ')}`,
  },
  purchase: {
    placeOrder: 'Place Order',
    quantityOutOfRange: 'You cannot order less than minimum quantity or more then avilable',
    orderSuccess: 'Order succes',
    address: 'Address',
    phone: 'Phone number',
    quantity: 'Quantity',
    toolName: 'Tool name',
    email: 'Email',
    description: 'Description',
    orderedBy: 'Ordered by',
    customerName: 'Name',
    total: 'Total',
    quantityHint: (min: number, available: number) =>
      `More than ${formatCount(min)} and less than ${formatCount(available)}`,
    /** Beside the quantity when it is more than the stock: a quote can be asked for any quantity. */
    aboveStock: (available: string) =>
      `Only ${available} in stock. For a larger quantity, use Request a quote.`,
    /** After an order is placed: what it is called, what it costs, how long it is held. */
    confirmation: {
      title: 'Your order is placed',
      reference: 'Reference',
      total: 'Total',
      heldUntil: (until: string) =>
        `We hold it for you until ${until}. Pay before then, or the order is cancelled and its stock goes back on sale.`,
      payNow: 'Pay now',
      myOrders: 'My Orders',
    },
  },
  orders: {
    title: 'My Orders',
    pay: 'pay',
    remove: 'Remove',
    paidBadge: 'panding',
    shippedBadge: 'shipped',
    cancelledBadge: 'cancelled',
    refundedBadge: 'refunded',
    disputedBadge: 'disputed',
    delete: 'Delete',
    cancel: 'cancel',
    deleteSuccess: 'Delete success',
    columns: {
      number: 'no.',
      name: 'name',
      email: 'email',
      quantity: 'quantity',
      price: 'price',
      action: 'action',
    },
    each: (unitPrice: string) => `${unitPrice} each`,
    transactionId: 'Transaction id',
    /** A shipped order's carrier and tracking number, when the admin gave them (issue 25). */
    tracking: 'Tracking',
    /** A paid order's invoice (GET /orders/{id}/invoice.pdf, issue 13). */
    invoice: 'Invoice',
    invoiceLabel: (reference: string) => `Download the invoice of order ${reference} (PDF)`,
    /** A cancelled order's credit note (GET /orders/{id}/credit-note.pdf, issue 22). */
    creditNote: 'Credit note',
    creditNoteLabel: (reference: string) =>
      `Download the credit note of cancelled order ${reference} (PDF)`,
    /** What tells two orders apart: its reference ('TF-3F2A9C1B') and when it was placed. */
    reference: 'Reference',
    placed: 'Placed',
    address: 'Ship to',
    status: 'Status',
    unpaidBadge: 'unpaid',
    /** An unpaid order's hold: it expires (and its stock goes back on sale) at that time. */
    heldUntil: (until: string) => `held until ${until}`,
    expired: (at: string) => `expired ${at}`,
    empty: 'You have no orders yet',
    browseTools: 'Browse our tools',
    confirmRemoveTitle: 'Remove this order?',
    confirmRemoveBody: 'Its reserved quantity goes back on sale. This cannot be undone.',
    /** 409: an account holds MAX_UNPAID_ORDERS unpaid orders already (DESIGN.md section 4). */
    tooManyUnpaidOrders: (count: number) =>
      `You have ${count} unpaid orders. Pay or remove one before ordering again.`,
    /**
     * 403: an account whose e-mail is not verified would hold more than UNVERIFIED_HOLD_LIMIT in
     * unpaid orders (DESIGN.md section 4). Quotes stay open to it.
     */
    unverifiedHoldLimit: (limit: string) =>
      `Until your e-mail address is verified, your unpaid orders can come to at most ${limit}. Verify your e-mail address (use the link we sent you) or pay your unpaid orders first, then order again.`,
    /**
     * 403: any other account would hold more than its limit in unpaid orders (UNPAID_HOLD_LIMIT,
     * or the account's own, set by a shop admin on Stock holds).
     */
    unpaidHoldLimit: (limit: string) =>
      `Your unpaid orders can come to at most ${limit}. Pay or remove an unpaid order first, then order again. To hold more at a time, contact us to raise your limit.`,
    /**
     * 409: the order would leave one account holding more than its share of a tool's stock
     * unpaid (UNPAID_TOOL_SHARE).
     */
    toolShareLimit: (tool: string, maxUnits: number, heldUnits: number) =>
      `You can hold at most ${formatCount(maxUnits)} units of ${tool} unpaid at a time${heldUnits > 0 ? ` (you hold ${formatCount(heldUnits)} already)` : ''}: the rest of its stock stays on sale to other buyers. Order fewer, or pay for your unpaid orders first.`,
    /** 400: an order whose total is above what a card payment accepts. */
    totalTooLarge: (limit: string) =>
      `An order must come to less than ${limit} to be paid. Order a smaller quantity, or request a quote.`,
    /** 429: more orders a minute than ORDER_RATE_LIMIT from one account. */
    tooManyOrdersAtOnce: 'You are placing orders too quickly. Please wait a minute and try again.',
    /** An order placed from a quote while the stock was short: it ships when produced. */
    madeToOrderBadge: 'made to order',
    madeToOrderHint: 'Made for you: it ships when produced.',
    fromQuote: (reference: string) => `from quote ${reference}`,
  },
  /** Quotes (DESIGN.md section 11): the request on the purchase page, and My Quotes. */
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
  /** The admins' Quotes page (DESIGN.md section 11). */
  manageQuotes: {
    title: 'Quotes',
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
  dashboard: {
    title: 'Dashboard',
    signedInAs: 'Signed in as',
    portfolio: 'Protfolio',
    ...dashboardPageNames,
    allUsers: 'ALL USERS',
    /** The drawer's toggle below md (the sidebar becomes a drawer on small screens). */
    openMenu: 'Open dashboard menu',
    closeMenu: 'Close dashboard menu',
    /** An admin page opened by a customer (the server refuses its calls too). */
    adminsOnlyTitle: 'Admins only',
    adminsOnly: 'Only admins can see this page.',
    backToDashboard: 'Back to the dashboard',
  },
  /** The dashboard's index: the site owner's card (its content lives in one web file). */
  portfolio: {
    skills: 'Skills',
    projects: 'Projects',
    opensInNewTab: '(opens in a new tab)',
  },
  admin: {
    makeAdmin: 'Make Admin',
    removeUser: 'Remove User',
    makeAdminSuccess: 'Successfully made an admin',
    makeAdminFailed: 'Failed to Make an admin',
    newProductAdded: 'New product added',
    /** ALL USERS with the count in the title (SPEC.md section 2). */
    allUsersTitle: (count: number) => `ALL USERS (${count})`,
    userColumns: { number: 'no.', name: 'name', email: 'email', role: 'role', action: 'action' },
    adminBadge: 'admin',
    /** Marks the admin's own row, which has no Remove User. */
    you: 'you',
    confirmRemoveUserTitle: 'Remove this user?',
    confirmRemoveUserBody:
      'The account and its sign-ins end now; its orders stay. This cannot be undone.',
    removeUserConfirm: 'Remove',
    cancel: 'cancel',
    removeUserSuccess: 'User removed',
    /** Make Admin asks first: an admin can do everything in the shop. */
    confirmMakeAdminTitle: 'Make this user an admin?',
    confirmMakeAdminBody:
      'They will be able to manage tools, orders and users, including removing accounts.',
    makeAdminConfirm: 'Make Admin',
    /** Remove Admin: an admin who is not one of the shop's owners becomes a customer again. */
    removeAdmin: 'Remove Admin',
    confirmRemoveAdminTitle: 'Remove this admin?',
    confirmRemoveAdminBody:
      'They keep their account and orders, but can no longer manage the shop.',
    removeAdminConfirm: 'Remove Admin',
    removeAdminSuccess: 'Admin role removed',
    /** Marks an ADMIN_EMAILS owner's row, which offers neither Remove Admin nor Remove User. */
    ownerBadge: 'owner',
  },
  /** The admin calls' refusals (`{ message, statusCode }` bodies) and the Add Product rules. */
  adminErrors: {
    /** 400: an image link that is neither an https URL nor a path of this site. */
    imageLink: 'image link must be an https link or a path on this site starting with /',
    /**
     * 400: no order could ever be placed: the purchase rule wants more than the minimum and less
     * than what is available, so available must be at least the minimum plus 2.
     */
    availableLeavesNoOrder:
      'available quantity must be at least 2 more than the minimum order quantity, or no order could be placed',
    /** 409: tool names are unique among the tools on sale, whatever their case. */
    toolNameTaken: (name: string) => `A tool named ${name} already exists`,
    /** 404: PUT /user/admin/{email}, DELETE /user/{email}, GET /admin/{email}. */
    userNotFound: 'No user with this e-mail',
    /** 409: Remove User on one's own account (the shop must keep an admin who can act). */
    cannotRemoveYourself: 'You cannot remove your own account. Ask another admin to do it.',
    /** 409: Remove Admin on one's own account (an admin does not demote themself by accident). */
    cannotDemoteYourself: 'You cannot remove your own admin role. Ask another admin to do it.',
    /** 403: Remove User or Remove Admin on an ADMIN_EMAILS owner (DESIGN.md section 5). */
    ownerIsProtected:
      "This admin is one of the shop's owners: another admin can neither remove their admin role nor their account.",
    /** 409: Ship on an order that is not paid yet. */
    unpaidOrderCannotBeShipped: 'This order is not paid yet, so it cannot be shipped.',
    /** 409: Ship on an order whose payment the customer disputes (issue 22 item 11). */
    disputedOrderCannotBeShipped:
      "This order's payment is disputed with the card issuer, so it cannot be shipped until the dispute is settled.",
    /** 409: Ship on an order that was cancelled or refunded. */
    cancelledOrderCannotBeShipped: 'This order was cancelled or refunded, so it cannot be shipped.',
    /** 409: Undo ship on an order that is not shipped (issue 25). */
    notShippedCannotUnship: 'This order is not shipped, so there is no shipment to undo.',
    /** 409: Undo ship more than 24 hours after shipping (issue 25). */
    unshipWindowOver: (shippedAt: string) =>
      `This order shipped on ${shippedAt}: a shipment can only be undone within 24 hours.`,
    /** 409: Cancel on an unpaid order: nothing to refund, it is removed instead. */
    unpaidOrderCannotBeCancelled:
      'This order is not paid, so there is nothing to refund: remove it instead.',
    /** 409: Cancel on an order whose payment is disputed: the card issuer decides the money. */
    disputedOrderCannotBeCancelled:
      "This order's payment is disputed with the card issuer, so it cannot be cancelled and refunded until the dispute is settled.",
    /** 400: price breaks (DESIGN.md section 11); the rules live in contract/src/price-breaks.ts. */
    priceBreaksNotAList: 'price breaks must be a list',
    tooManyPriceBreaks: (max: number) => `A tool can have at most ${max} price breaks`,
    breakAtOrBelowMinimum: (min: number) =>
      `Each price break must start above the minimum order quantity (${min})`,
    breakNotBelowListPrice: (price: number) =>
      `Each price break must be below the list price (${formatMoney(price)})`,
    duplicateBreakQuantity: (quantity: number) => `Two price breaks start at ${quantity}`,
    breakPricesNotFalling: 'A price break for a larger quantity must have a lower unit price',
    /** 400: Edit Tool (issue 25) with a list price or minimum its price breaks do not fit. */
    editBreaksNoLongerFit: (problem: string) =>
      `${problem}: change the price breaks first, or keep the list price and minimum`,
    /** 400: a stock adjustment (issue 25) of 0 units. */
    stockDeltaZero: 'units to add or remove must not be 0',
    /** 400: a stock removal larger than what is in stock. */
    stockBelowZero: (available: number, removing: number) =>
      `Cannot remove ${removing} units: only ${available} are in stock`,
    /** 400: a restock that would take the stock past what the database stores (issue 40). */
    stockAboveMaximum: (available: number, adding: number, maximum: number) =>
      `Cannot add ${formatCount(adding)} units to the ${formatCount(available)} in stock: a tool holds at most ${formatCount(maximum)}`,
    stockReason: 'reason must be received, counted or damaged',
    /** 400/413: the picture upload (issue 25). */
    imageMissing: 'Choose a picture to upload (one file, in the field named file)',
    imageTooLarge: (megabytes: number) => `The picture is too large: at most ${megabytes} MB`,
    imageNotAnImage: 'This file is not a JPEG, PNG or WebP picture',
    /** 413: a picture of more pixels than the server decodes (issue 40). */
    imageTooManyPixels: (megapixels: number) =>
      `The picture has too many pixels: at most ${megapixels} megapixels (for example 6000 × 4000)`,
    /** 503: more pictures at once than the server processes (issue 40). */
    imageUploadsBusy: 'Other pictures are being processed right now: try again in a few seconds',
    /** 409: Restore a tool whose name another tool on sale took meanwhile. */
    restoreNameTaken: (name: string) =>
      `A tool named ${name} is on sale already: rename it before restoring this one`,
  },
  /** Add Product's six fields (SPEC.md section 5); the rules' messages are in fieldErrors. */
  addProduct: {
    name: 'Name',
    description: 'Description',
    imageLink: 'Image link',
    imageLinkHint: 'An https link, or a path on this site such as /images/tools/claw-hammer.svg',
    price: 'Price',
    priceHint: 'In dollars, at most two decimals',
    minOrderQuantity: 'Minimum order quantity',
    availableQuantity: 'Available quantity',
    availableQuantityHint: 'More than the minimum order quantity',
    submit: 'Add Product',
  },
  /** Manage Tools (SPEC.md section 2); Remove, Delete and cancel are the orders' words. */
  manageTools: {
    columns: {
      image: 'image',
      name: 'name',
      minOrderQuantity: 'min order quantity',
      availableQuantity: 'available quantity',
      action: 'action',
    },
    confirmRemoveTitle: 'Remove this tool?',
    confirmRemoveBody: 'It leaves the catalog at once. Orders placed for it keep their record.',
    /** DELETE /deleteTols/{id} answered deletedCount 0: another admin was quicker. */
    alreadyRemoved: 'This tool was removed already',
    empty: 'No tools are on sale',
    /** Low stock (issue 13): each tool's threshold, and the dialog that sets it. */
    lowStock: {
      column: 'low stock below',
      lowBadge: 'low stock',
      defaultThreshold: (threshold: number) => `${threshold} (default)`,
      edit: 'Low stock',
      title: (tool: string) => `Low-stock threshold of ${tool}`,
      intro:
        'Admins get one e-mail when an order takes the available stock below this number. 0 turns the alert off.',
      threshold: 'Threshold (units)',
      useDefault: (threshold: number) =>
        `Use the default: 3 x the minimum order quantity (${threshold})`,
      save: 'Save threshold',
      saved: (tool: string) => `Low-stock threshold of ${tool} saved`,
      cancel: 'cancel',
      /** In the column while the thresholds load (or failed to: the alert above says so). */
      unknown: 'not known yet',
    },
  },
  /** The admins' Sales page (issue 13): the figures of GET /manageSales as charts and tables. */
  sales: {
    title: 'Sales',
    window: (from: string, to: string) => `${from} to ${to} (UTC)`,
    revenuePerDay: 'Revenue per day',
    revenueTotal: (total: string, orders: number) =>
      `${total} from ${orders.toLocaleString('en-US')} paid ${orders === 1 ? 'order' : 'orders'} in this range`,
    ordersByStatus: 'Orders by status',
    topTools: 'Top five tools by revenue',
    noTopTools: 'No tool was paid for in this range',
    /** Issue 25: the range's two days, and its figures as CSV. */
    range: 'Date range',
    from: 'From',
    to: 'To',
    show: 'Show',
    lastThirtyDays: 'Last 30 days',
    downloadCsv: 'Download CSV',
    rangeFromAfterTo: 'The first day must be on or before the last one.',
    rangeTooLong: (max: number) => `Choose a range of at most ${max} days.`,
    csv: {
      date: 'Date',
      orders: 'Orders paid',
      revenue: 'Revenue (USD)',
      total: 'Total',
      tool: 'Tool',
      units: 'Units',
      status: 'Status',
      count: 'Orders now',
    },
    columns: {
      date: 'date',
      revenue: 'revenue',
      orders: 'orders',
      status: 'status',
      count: 'orders',
      tool: 'tool',
      quantity: 'units',
    },
    /** The statuses as the Sales page names them (the API's own words, not My Orders' badges). */
    statusNames: {
      unpaid: 'unpaid',
      paid: 'paid',
      shipped: 'shipped',
      cancelled: 'cancelled',
      refunded: 'refunded',
      disputed: 'disputed',
    },
    loadingCharts: 'Loading the charts',
  },
  /** An admin's own staff e-mails, on their profile page (issue 25). */
  staffNotifications: {
    title: 'Staff e-mails',
    label: 'E-mail me new orders, payments, quote requests, contact messages and low stock',
    hint: 'Only you: each admin chooses for themself.',
    listed:
      'Your address is in ADMIN_EMAILS, so you get them always; the server configuration decides.',
    turnedOn: 'Staff e-mails turned on',
    turnedOff: 'Staff e-mails turned off',
  },
  /** The admins' Reviews page (issue 22): every review with its author's e-mail; Hide and Show. */
  reviewsAdmin: {
    title: 'Reviews',
    intro:
      'Every review, newest first. A hidden review leaves the home page at once; Show puts it back.',
    empty: 'No reviews yet',
    columns: {
      review: 'review',
      author: 'author',
      rating: 'rating',
      posted: 'posted',
      action: 'action',
    },
    hidden: 'hidden',
    hide: 'Hide',
    show: 'Show',
    hideLabel: (name: string) => `Hide the review of ${name}`,
    showLabel: (name: string) => `Show the review of ${name} again`,
    hiddenDone: 'Review hidden',
    shownDone: 'Review shown again',
    /** 400: PUT /manageReviews/{id}/hidden without a true or false `hidden`. */
    hiddenRequired: 'hidden must be true or false',
    /** 404: hiding or showing a review that does not exist. */
    reviewNotFound: 'No such review',
  },
  /** The admins' Messages page (issue 22): what visitors sent through the contact form. */
  messagesAdmin: {
    title: 'Messages',
    intro: 'Messages sent through the contact form on the home page, newest first.',
    empty: 'No messages yet',
    from: (name: string, email: string) => `${name} <${email}>`,
    received: 'received',
  },
  /** Stock holds (issue 22, DESIGN.md section 4): who holds stock with unpaid orders. */
  manageHolds: {
    title: 'Stock holds',
    intro:
      'Every unpaid order keeps its stock until it is paid, removed or expires. Releasing an account removes all its unpaid orders and puts their stock back on sale.',
    empty: 'No unpaid orders hold any stock',
    verified: 'e-mail verified',
    unverified: 'e-mail not verified',
    columns: {
      tool: 'tool',
      quantity: 'units',
      value: 'value',
      placed: 'placed',
      holdUntil: 'held until',
    },
    madeToOrder: 'made to order (holds no stock)',
    accountTotal: (count: number, total: string) =>
      `${count} unpaid ${count === 1 ? 'order' : 'orders'}, ${total}`,
    release: 'Release',
    releaseLabel: (name: string) => `Release the holds of ${name}`,
    confirmReleaseTitle: (name: string) => `Release the holds of ${name}?`,
    confirmReleaseBody:
      'All unpaid orders of this account are removed and their stock goes back on sale. This cannot be undone.',
    releaseConfirm: 'Release',
    cancel: 'cancel',
    released: (count: number, name: string) =>
      `Released ${count} unpaid ${count === 1 ? 'order' : 'orders'} of ${name}`,
    /** 404: releasing the holds of an account that does not exist (any more). */
    accountNotFound: 'No such account',
    /** Each account's unpaid value against what it may hold (its limit). */
    limitUse: (held: string, limit: string) => `${held} of its ${limit} limit held`,
    limitSources: {
      account: 'limit set for this account',
      verified: 'default limit of a verified account',
      unverified: 'default limit until the e-mail is verified',
    },
    nearLimit: 'near its limit',
    overLimit: 'over its limit',
    limitField: 'limit',
    limitLabel: (name: string) => `Unpaid limit of ${name}, in dollars`,
    setLimit: 'Set limit',
    setLimitLabel: (name: string) => `Set the unpaid limit of ${name}`,
    defaultLimit: 'Use the default',
    defaultLimitLabel: (name: string) => `Give ${name} the default unpaid limit again`,
    limitSet: (name: string, limit: string) => `${name} may now hold ${limit} unpaid`,
  },
  /** Manage Orders (SPEC.md section 2, DESIGN.md section 10: Remove works, Ship is added). */
  manageOrders: {
    columns: {
      tool: 'tool',
      customer: 'customer',
      quantity: 'quantity',
      total: 'total',
      date: 'date',
      status: 'status',
      action: 'action',
    },
    unpaidBadge: 'unpaid',
    ship: 'Ship',
    shipSuccess: (tool: string, email: string) => `Shipped ${tool} to ${email}`,
    empty: 'No orders yet',
    /** Downloads GET /manageOrders.csv (issue 13): every order as a spreadsheet file. */
    exportCsv: 'Export CSV',
    /** A paid order's invoice (GET /orders/{id}/invoice.pdf). */
    invoice: 'Invoice',
    invoiceLabel: (reference: string) => `Download the invoice of order ${reference} (PDF)`,
    /** A paid order's cancellation (POST /manageOrders/{id}/cancel, issue 22). */
    cancel: 'Cancel',
    confirmCancelTitle: 'Cancel this order?',
    confirmCancelBody: (amount: string) =>
      `${amount} is refunded to the customer's card and a credit note is issued. This cannot be undone.`,
    confirmCancelShipped: 'It has shipped: its stock does not go back on sale.',
    /** Short: beside 'Keep order' it fits a 360 px screen. */
    cancelConfirm: (amount: string) => `Refund ${amount}`,
    keepOrder: 'Keep order',
    cancelSuccess: (reference: string, amount: string, creditNote: string) =>
      `Order ${reference} cancelled: ${amount} refunded, credit note ${creditNote} issued`,
    creditNote: 'Credit note',
    creditNoteLabel: (reference: string) =>
      `Download the credit note of cancelled order ${reference} (PDF)`,
    /** The CSV file's header row, in its column order, and its made-to-order words. */
    csv: {
      columns: {
        date: 'date',
        reference: 'reference',
        customer: 'customer email',
        tool: 'tool',
        quantity: 'quantity',
        unitPrice: 'unit price',
        total: 'total',
        status: 'status',
        transactionId: 'transaction id',
        madeToOrder: 'made to order',
        customerName: 'customer name',
        address: 'address',
        phone: 'phone',
        // Issue 26, after the columns spreadsheets already read by position.
        sku: 'sku',
        checkoutReference: 'checkout reference',
        poNumber: 'PO number',
      },
      yes: 'yes',
      no: 'no',
    },
  },
  profile: {
    updateSuccess: 'success update user Information',
    addSuccess: 'success added user Information',
    addInformation: 'add information',
    editInformation: 'Edit Information',
    /** 409: POST /userinfo for a user who has a profile already (DESIGN.md section 10). */
    alreadyAdded: 'You have added your information already. Use Edit Information to change it.',
    /** 404: PATCH /userinfo/{email} before any information was added. */
    notAddedYet: 'You have not added your information yet. Use add information first.',
    /** My Profile's details and the fields of its two modals (SPEC.md sections 2 and 5). */
    name: 'Name',
    email: 'Email',
    education: 'Education',
    city: 'City',
    phone: 'Phone number',
    linkdin: 'Linkdin',
    fromAccount: 'Your name and e-mail come from your account.',
    save: 'Save',
    cancel: 'Cancel',
    close: 'Close',
  },
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
  /** The payment calls' refusals, in `{ message, statusCode }` bodies (DESIGN.md section 6). */
  paymentErrors: {
    /** 409: the client's totalPrice is not price times quantity of the order. */
    totalMismatch: (total: string) =>
      `The total of this order is ${total}. Please reload the page and try again.`,
    /** 409: paying an order that is paid already (another transaction). */
    alreadyPaid: 'This order is paid already.',
    /** 409: PATCH /tool/{id} before the gateway says this order's payment succeeded. */
    notSucceeded: 'The payment for this order has not succeeded.',
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
   * The built-in test gateway's card errors, in the words Stripe's test mode uses (DESIGN.md
   * section 6): the payment page shows them in red under the card form.
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

/**
 * What only the server says: the refusals of its API that no page of ours words itself, and its
 * e-mails. Apart from `texts`, so that the web app's bundles, which never show them, leave them out.
 */
export const serverTexts = {
  /** What the API answers in `{ message, statusCode }` bodies whatever the call. */
  apiErrors: {
    /** 404: GET /tool/{id} and POST /order for a tool that is not on sale. */
    toolNotFound: 'Tool not found',
    /** 503: GET /ready while the database does not answer. */
    databaseUnavailable: 'Database unavailable',
    /** 503 for any request that needed the database while it was out of reach. */
    serviceUnavailable: 'The service is briefly unavailable. Please try again.',
    /**
     * 503 for a request that needed to write while the disk under the database (or DATA_DIR) is
     * full, and GET /ready meanwhile: nothing was changed.
     */
    storageFull:
      'The shop cannot save anything right now: its storage is full. Nothing was changed; please try again later.',
    /**
     * 503: GET /ready while the embedded database's DATA_DIR has less free space than it keeps in
     * reserve (DISK_RESERVE_MB); writes meanwhile are refused with `storageFull`.
     */
    storageBelowReserve: (reserveMb: number) =>
      `The storage is nearly full: its free space is below the ${reserveMb} MB kept in reserve, so writes are refused until space is freed.`,
    /** 503: GET /ready while the database answers but refuses the readiness probe's write. */
    databaseRefusesWrites: 'Database refuses writes',
    /**
     * 503 with `Connection: close`: any request, GET /ready included, that reaches an instance
     * once it has begun to stop (SIGTERM). Nothing of it was done; another instance takes it.
     */
    stopping: 'This server is restarting. Nothing was done; please send the request again.',
    /**
     * 503: a request that was under way when the instance began to stop and had not finished
     * when the stop's time ran out (graceful-close.ts).
     */
    stoppedBeforeFinishing:
      'This server restarted before it could finish your request. Please send it again: with the same Idempotency-Key, an order or checkout is placed at most once.',
    /** 500: a bug of ours; the details go to the log only. */
    internalError: 'Internal Server Error',
    /** 404: a path under /api that no route serves (Fastify's own wording). */
    routeNotFound: (method: string, path: string) => `Route ${method}:${path} not found`,
    /** A schema's problem without a message of its own, after the field's name. */
    invalidField: 'is invalid',
  },
  /** Requests refused before any route reads them, in `{ message, statusCode }` bodies. */
  requestErrors: {
    invalidJson: 'The request body is not valid JSON.',
    nestedTooDeeply: (levels: number) =>
      `The request body is nested too deeply (at most ${levels} levels).`,
    bodyNulCharacter: 'The request body must not contain a NUL character.',
    bodyTooLarge: 'The request body is too large.',
    urlTooLong: 'The address of this request is too long.',
    headersTooLarge: 'The headers of this request are too large.',
    timeout: 'The request took too long to arrive. Please try again.',
    malformed: 'This request could not be understood.',
  },
  /**
   * The order calls' refusals, in `{ message, statusCode }` bodies; a quantity outside the
   * purchase rule answers 400 with purchase.quantityOutOfRange, the purchase page's own words.
   */
  /** 400 from GET /manageSales(.csv): the date range asked for (issue 25). */
  salesErrors: {
    badDay: (field: 'from' | 'to', value: string) =>
      `The ${field === 'from' ? 'first' : 'last'} day of the range must be a date written YYYY-MM-DD, such as 2026-01-31; '${value}' is not.`,
    fromAfterTo: (from: string, to: string) =>
      `The range starts after it ends: ${from} is after ${to}. Choose a first day on or before the last one.`,
    tooLong: (days: number, max: number) =>
      `The range is ${days.toLocaleString('en-US')} days long; choose at most ${max} days.`,
  },
  orderErrors: {
    /** 409: the client's price is not the catalog's any more. */
    priceChanged: (price: number) =>
      `The price of this tool has changed to ${formatMoney(price)}. Please review your order.`,
    /** 404: unknown, malformed, or someone else's order (never revealed). */
    orderNotFound: 'Order not found',
    /** 404: unknown, malformed, or someone else's checkout (never revealed). */
    checkoutNotFound: 'Checkout not found',
    /** 409: a customer removing an order that is paid or shipped. */
    paidOrderCannotBeRemoved: 'A paid order cannot be removed',
    /** 409: an admin removing a paid, shipped, refunded or disputed order (issue 22 item 5). */
    paidOrderCannotBeDeleted:
      'A paid order is never deleted: its payment and invoice stay in the books. Cancel it instead, which refunds the customer and issues a credit note.',
    /** 400: an Idempotency-Key header that is not 8 to 100 letters, digits, '-' or '_'. */
    /** 400: POST /checkout without an Idempotency-Key header (a checkout is never placed twice). */
    idempotencyKeyRequired:
      'Send an Idempotency-Key header (a new UUID per checkout): a retry then never places a checkout twice.',
    badIdempotencyKey:
      'The Idempotency-Key header must be 8 to 100 letters, digits, hyphens or underscores.',
    /** 422: an Idempotency-Key used already by this account, for an order with other details. */
    idempotencyKeyReused:
      'This Idempotency-Key was already used for a different order (another tool, quantity, address or phone). Send a new key for a new order.',
  },
  /** The quote calls' refusals (DESIGN.md section 11), in `{ message, statusCode }` bodies. */
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
  },
  /** The invoice calls' refusals, in `{ message, statusCode }` bodies. */
  invoiceErrors: {
    /** 404: an unpaid order has no invoice yet (someone else's order is orderNotFound). */
    notPaidYet: 'This order has no invoice yet: it is not paid.',
    /** 404: an order that was not cancelled has no credit note. */
    notCancelled: 'This order has no credit note: it was not cancelled.',
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
    columns: { tool: 'Tool', quantity: 'Quantity', unitPrice: 'Unit price', amount: 'Amount' },
    total: 'Total',
    paidInFull: 'Paid in full by card. Thank you for your order.',
    madeToOrder: 'Made to order.',
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
    bankDetails: 'Bank details for transfers',
  },
  /** What the documents add for checkouts (issue 26): its own file, composed here. */
  checkoutDocuments: checkoutDocumentTexts,
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
  },
  /** 400: a path under /api with '.', '..' or empty segments, or backslashes (DESIGN.md section 5). */
  pathErrors: {
    notPlain:
      "This address is not in plain form: it must not contain '.', '..' or empty segments, or backslashes.",
    badEncoding:
      "This address is not properly encoded: each '%' must begin the escape of a UTF-8 character, such as %20.",
  },
  /** Every e-mail's words (the templates: server/src/mail/templates/): accounts and orders. */
  mail: {
    greeting: (name: string) => `Hello ${name || 'there'},`,
    signature: 'Tools Factory',
    verifyEmail: {
      subject: 'Verify your e-mail for Tools Factory',
      body: 'Please confirm that this is your e-mail address.',
      action: 'Verify your e-mail',
    },
    resetPassword: {
      subject: 'Reset your Tools Factory password',
      body: 'Someone asked to reset the password of your account. If it was you, follow the link below within an hour; otherwise ignore this message.',
      action: 'Choose a new password',
    },
    /** The sign-in code (POST /api/auth/email-otp/send-verification-otp). */
    signInCode: {
      subject: 'Your Tools Factory sign-in code',
      body: (code: string, minutes: number) =>
        `Your sign-in code is ${code}. Type it on the login page within ${minutes} minutes. If you did not ask for it, ignore this message: nobody can sign in without it.`,
    },
    /** A date and time in e-mails: the server does not know the reader's time zone, so UTC. */
    dateTime: (formatted: string) => `${formatted} UTC`,
    /** The checkout e-mails (issue 26): its own file, composed here. */
    checkout: checkoutMailTexts,
    /** The order e-mails (server/src/mail/templates/orders.ts): one order, one tool line. */
    order: {
      reference: 'Order',
      tool: 'Tool',
      quantity: 'Quantity',
      unitPrice: 'Unit price',
      total: 'Total',
      address: 'Delivery address',
      myOrders: 'See your orders',
    },
    orderPlaced: {
      subject: (reference: string) => `Your order ${reference}: please pay to confirm it`,
      body: (reference: string) =>
        `Thank you for your order ${reference}. Here is what you ordered:`,
      held: (until: string) =>
        `We hold the stock for you until ${until}. If the order is not paid by then, it is cancelled and the stock goes back on sale.`,
      ...payMailLabels,
    },
    orderPaid: {
      subject: (reference: string) => `Payment received for your order ${reference}`,
      body: (reference: string, total: string) =>
        `We received your payment of ${total} for order ${reference}. We will write again when it ships.`,
      ...paidMailLabels,
      invoiceAttached: (number: string) => `Your invoice ${number} is attached as a PDF.`,
    },
    orderShipped: {
      subject: (reference: string) => `Your order ${reference} has shipped`,
      body: (reference: string) => `Good news: order ${reference} is on its way.`,
      /** The carrier and tracking number, when the admin gave them at Ship (issue 25). */
      carrier: 'Carrier',
      trackingNumber: 'Tracking number',
    },
    /** A paid order an admin cancelled (issue 22): the refund and its credit note. */
    orderCancelled: {
      subject: (reference: string) => `Your order ${reference} is cancelled and refunded`,
      body: (reference: string, total: string) =>
        `We cancelled order ${reference} and refunded ${total} to the card you paid with. Depending on your bank, it shows on your statement within 5 to 10 days.`,
      creditNoteNumber: 'Credit note',
      creditNoteAttached: (number: string) => `Your credit note ${number} is attached as a PDF.`,
    },
    /** The quote e-mails (server/src/mail/templates/quotes.ts). */
    quote: {
      reference: 'Quote',
      tool: 'Tool',
      quantity: 'Quantity',
      unitPrice: 'Unit price',
      total: 'Total',
      validUntil: 'Valid until',
      neededBy: 'Needed by',
      myQuotes: 'See your quotes',
    },
    quoteOffered: {
      subject: (reference: string) => `Our offer for your quote ${reference}`,
      body: (reference: string) =>
        `Here is our offer for your quote ${reference}. Accept it from My Quotes before it expires, and we place the order for you.`,
      action: 'See the offer',
    },
    quoteAccepted: {
      subject: (quote: string, order: string) => `Quote ${quote} accepted: order ${order}`,
      body: (quote: string, order: string) =>
        `Thank you for accepting our offer for quote ${quote}. Your order ${order} is placed; please pay to confirm it.`,
      madeToOrder:
        'We make this quantity for you: the order ships when it is produced, and we will write when it does.',
      action: 'Pay now',
    },
    /** To the admins (ADMIN_EMAILS) when a customer accepts an offer. */
    quoteAcceptedForAdmins: {
      subject: (quote: string, order: string) => `Quote ${quote} accepted: order ${order}`,
      body: (quote: string, email: string) => `${email} accepted the offer for quote ${quote}.`,
      madeToOrder: 'The stock was short: this order is made to order.',
      action: 'See the orders',
    },
    /** To the admins (ADMIN_EMAILS) when an order takes a tool's stock below its threshold. */
    lowStock: {
      subject: (tool: string) => `Low stock: ${tool}`,
      body: (tool: string, available: string, threshold: string) =>
        `An order took the stock of ${tool} below its low-stock threshold: ${available} available, threshold ${threshold}. You get this e-mail once, until the stock is back at or above the threshold.`,
      tool: 'Tool',
      available: 'Available',
      threshold: 'Threshold',
      action: 'Manage the tools',
    },
    /** A message sent through the contact form, to each admin (never to the address typed). */
    contactMessage: {
      subject: (name: string) => `Contact form: a message from ${name}`,
      body: 'A visitor sent this message through the contact form on the home page. Reply to the address they typed if you wish: this e-mail was sent to the admins only.',
      name: 'Name',
      email: 'Email',
      message: 'Message',
      action: 'All messages',
    },
    /** Staff e-mails (issue 25): to ADMIN_EMAILS and the admins who turned them on. */
    staff: {
      customer: 'Customer',
      phone: 'Phone',
      placedAt: 'Placed',
      heldUntil: 'Held until',
      paidAt: 'Paid',
      note: 'Note',
      seeOrder: 'See the order',
      whyYouGetThis:
        'You get this e-mail as an admin of Tools Factory. Turn the staff e-mails off on your profile page.',
    },
    newOrderForStaff: {
      subject: (reference: string, total: string) => `New order ${reference}: ${total}`,
      body: (email: string, reference: string) =>
        `${email} placed order ${reference}. It waits for payment: ship it once it is paid.`,
    },
    orderPaidForStaff: {
      subject: (reference: string, total: string) => `Paid: order ${reference}, ${total}`,
      body: (email: string, reference: string, total: string) =>
        `${email} paid ${total} for order ${reference}. It is ready to ship.`,
    },
    quoteRequestedForStaff: {
      subject: (reference: string, tool: string) => `Quote request ${reference}: ${tool}`,
      body: (email: string, reference: string) =>
        `${email} asks for a price: quote ${reference}. Offer a price or decline it on the Quotes page.`,
      action: 'Answer the quote',
    },
    /** To the customer once their quote request is in. */
    quoteRequested: {
      subject: (reference: string) => `We received your quote request ${reference}`,
      body: (reference: string) =>
        `Thank you for your quote request ${reference}. We will answer with a price (or a reason we cannot) by e-mail; you can follow it in My Quotes.`,
      action: 'See your quotes',
    },
    /** To the customer when an admin declines their quote request. */
    quoteDeclined: {
      subject: (reference: string) => `Your quote request ${reference} is declined`,
      body: (reference: string) =>
        `We are sorry: we cannot make an offer for your quote request ${reference}.`,
      reason: 'Reason',
      action: 'See your quotes',
    },
    /** To the customer when an admin removes their unpaid order. */
    orderRemoved: {
      subject: (reference: string) => `Your unpaid order ${reference} was removed`,
      body: (reference: string) =>
        `We removed your unpaid order ${reference}. Nothing was charged, and the stock it held is back on sale. If you still want it, you are welcome to order again.`,
    },
  },
} as const;
