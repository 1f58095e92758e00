import {
  blocksCheckout,
  CartSchema,
  CategoryToolsPageSchema,
  CheckoutSchema,
  CategoryTreeSchema,
  centsToDollars,
  dollarsToCents,
  GalleryItemSchema,
  isHeld,
  ManagedOrderSchema,
  ManagedQuoteRequestSchema,
  ManagedQuoteSchema,
  checkoutReference,
  orderReference,
  orderTotal,
  OrderSchema,
  quoteReference,
  QuoteSchema,
  ProfileSchema,
  REVIEWS_PAGE_SIZE,
  ReviewSchema,
  reviewsPageOf,
  ToolSchema,
  UserSchema,
  type Cart,
  type CartLine,
  type CategoryToolsPage,
  type CategoryTree,
  type Checkout,
  type GalleryItem,
  type ManagedOrder,
  type ManagedQuote,
  type ManagedQuoteRequest,
  type Order,
  type Profile,
  type Quote,
  type Review,
  type Tool,
  type User,
  type ReviewsPage,
} from '@tools-factory/contract';

// Test data as the server sends it: every factory's output is parsed by the contract's schema, so
// a fixture can never hold a shape the real API would not.

/** A tool of the catalog: the hammer the web tests show, order and count stock on. */
export function makeTool(overrides: Partial<Tool> = {}): Tool {
  return ToolSchema.parse({
    _id: '4f1c2d3e-1111-4222-8333-944455566677',
    name: 'Claw Hammer',
    sku: 'HM-CLAW-16',
    img: '/images/tools/claw-hammer.svg',
    price: 12.5,
    desc: 'Forged steel head, hickory handle.',
    minOrderQuantity: 100,
    availableQuantity: 5000,
    priceBreaks: [],
    ...overrides,
  });
}

/** The hammer itself. */
export const hammer = makeTool();

/** A second tool: slip-joint pliers at $8.99, sold from 150. */
export const pliers = makeTool({
  _id: '4f1c2d3e-2222-4222-8333-944455566677',
  name: 'Slip-joint Pliers',
  sku: 'PL-SLIP-8',
  price: 8.99,
  minOrderQuantity: 150,
});

/** The hammer sold by volume: $10.99 each from 500, $9.99 from 1,000 (list price $12.50). */
export const hammerWithBreaks = makeTool({
  priceBreaks: [
    { minQuantity: 500, price: 10.99 },
    { minQuantity: 1000, price: 9.99 },
  ],
});

/** A line of a customer's cart as GET /api/cart answers it: 150 hammers at $12.50, unless told. */
export function makeCartLine(overrides: Partial<CartLine> = {}): CartLine {
  return {
    toolId: hammer._id,
    sku: hammer.sku,
    name: hammer.name,
    img: hammer.img,
    quantity: 150,
    unitPrice: 12.5,
    lineTotal: 1875,
    addedUnitPrice: 12.5,
    minOrderQuantity: 100,
    availableQuantity: 5000,
    problems: [],
    ...overrides,
  };
}

/**
 * A cart as the server answers it: the subtotal and canCheckout from its lines, shipping free
 * unless told (null: quoted after ordering), tax at 0 % within the total unless told (issue 45),
 * the total the two and the tax when it is added on top.
 */
export function makeCart(
  lines: CartLine[],
  {
    shipping = 0,
    cheaperShipping = null,
    tax = { mode: 'included', rate: 0, amount: 0 },
  }: Pick<Partial<Cart>, 'shipping' | 'cheaperShipping' | 'tax'> = {},
): Cart {
  const subtotalCents = lines.reduce((sum, shown) => sum + dollarsToCents(shown.lineTotal ?? 0), 0);
  const addedCents = tax.mode === 'added' ? dollarsToCents(tax.amount) : 0;
  return CartSchema.parse({
    lines,
    subtotal: centsToDollars(subtotalCents),
    shipping,
    cheaperShipping,
    total: centsToDollars(subtotalCents + dollarsToCents(shipping ?? 0) + addedCents),
    tax,
    canCheckout: lines.length > 0 && lines.every((shown) => !shown.problems.some(blocksCheckout)),
  });
}

/** How long the server holds an unpaid order by default (ORDER_HOLD_HOURS). */
const HOLD_HOURS = 48;

/**
 * Maria's unpaid order of 200 hammers at $12.50 ($2,500.00 in all). Its reference follows its
 * id, and an unpaid one is held HOLD_HOURS after it was placed, as the server says, unless told.
 */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  const _id = overrides._id ?? '11111111-1111-4111-8111-111111111111';
  const createdAt = overrides.createdAt ?? '2025-01-01T00:00:00.000Z';
  // Unpaid, or awaiting its company's approval (issue 44): its stock is held until then.
  const held = isHeld(overrides.status ?? 'unpaid');
  return OrderSchema.parse({
    reference: orderReference(_id),
    holdUntil: held ? new Date(Date.parse(createdAt) + HOLD_HOURS * 3_600_000).toISOString() : null,
    _id,
    toolId: hammer._id,
    name: hammer.name,
    sku: hammer.sku,
    checkoutId: overrides.checkoutId ?? _id,
    checkoutReference: checkoutReference(overrides.checkoutId ?? _id),
    poNumber: '',
    img: hammer.img,
    address: '12 Harbour Road, Dhaka',
    phone: '',
    quantity: 200,
    // Shipped whole when told shipped; nothing shipped otherwise.
    shippedQuantity: overrides.status === 'shipped' ? (overrides.quantity ?? 200) : 0,
    refunded: 0,
    email: 'maria@example.com',
    price: hammer.price,
    tax: 0,
    paid: false,
    status: 'unpaid',
    transectionId: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    madeToOrder: false,
    quoteId: null,
    carrier: null,
    trackingNumber: null,
    ...overrides,
  });
}

/**
 * The checkout of `lines` (one checkout's, in their order, at least one) as GET /checkouts answers
 * it: unpaid, free shipping and tax included at 0 % unless told, its total the lines and the
 * shipping (and the tax when told it is added) unless told.
 */
export function makeCheckout(lines: Order[], overrides: Partial<Checkout> = {}): Checkout {
  const [first] = lines;
  if (!first) throw new Error('a checkout has lines');
  const shipping = overrides.shipping === undefined ? 0 : overrides.shipping;
  const tax = overrides.tax ?? { mode: 'included', rate: 0, amount: 0 };
  const linesCents = lines.reduce(
    (sum, line) => sum + dollarsToCents(orderTotal(line.price, line.quantity)),
    0,
  );
  const addedCents = tax.mode === 'added' ? dollarsToCents(tax.amount) : 0;
  return CheckoutSchema.parse({
    _id: first.checkoutId,
    reference: checkoutReference(first.checkoutId),
    poNumber: first.poNumber,
    companyName: '',
    taxNumber: '',
    address: first.address,
    phone: first.phone,
    createdAt: first.createdAt,
    status: 'unpaid',
    shippingRefunded: 0,
    shippingTax: 0,
    total: centsToDollars(linesCents + dollarsToCents(shipping ?? 0) + addedCents),
    lines,
    ...overrides,
    shipping,
    tax,
  });
}

/** An order as Manage Orders lists it: the order, its total (unless told) and when shipped. */
export function makeManagedOrder(overrides: Partial<ManagedOrder> = {}): ManagedOrder {
  const { total, shippedAt = null, cancelledAt = null, ...order } = overrides;
  const parsed = makeOrder(order);
  return ManagedOrderSchema.parse({
    ...parsed,
    total: total ?? orderTotal(parsed.price, parsed.quantity),
    shippedAt,
    cancelledAt,
  });
}

/**
 * Maria's request for 8,000 hammers (more than the 5,000 in stock), needed by 2099-06-30, with
 * no offer yet unless told. Its reference follows its id, as the server says.
 */
export function makeQuote(overrides: Partial<Quote> = {}): Quote {
  const _id = overrides._id ?? '55555555-5555-4555-8555-555555555555';
  return QuoteSchema.parse({
    reference: quoteReference(_id),
    _id,
    toolId: hammer._id,
    name: hammer.name,
    img: hammer.img,
    quantity: 8000,
    neededBy: '2099-06-30',
    note: 'Boxed in tens, please.',
    email: 'maria@example.com',
    status: 'requested',
    requestedAt: '2025-01-01T00:00:00.000Z',
    offer: null,
    declineReason: null,
    orderId: null,
    ...overrides,
  });
}

/**
 * Maria's quote request of two lines (issue 42): 40 hammers and 300 pliers, needed by mid-2099,
 * with her note; no offer yet (the admins' view: the catalog beside each line).
 */
export function makeManagedQuoteRequest(
  overrides: Partial<ManagedQuoteRequest> = {},
): ManagedQuoteRequest {
  const _id = overrides._id ?? '5e000000-0000-4555-8555-555555555555';
  const line = (lineId: string, tool: Tool, quantity: number) => ({
    _id: lineId,
    toolId: tool._id,
    name: tool.name,
    img: tool.img,
    quantity,
    offer: null,
    orderId: null,
    catalogUnitPrice: tool.price,
    availableQuantity: tool.availableQuantity,
  });
  return ManagedQuoteRequestSchema.parse({
    _id,
    reference: quoteReference(_id),
    neededBy: '2099-06-30',
    note: 'One delivery, please.',
    email: 'maria@example.com',
    status: 'requested',
    requestedAt: '2025-01-03T00:00:00.000Z',
    offer: null,
    declineReason: null,
    checkoutId: null,
    lines: [
      line('5e000001-0000-4555-8555-555555555555', hammer, 40),
      line('5e000002-0000-4555-8555-555555555555', pliers, 300),
    ],
    ...overrides,
  });
}

/**
 * An offer on a quote of `quantity` units: the unit price, its total, valid until 2099-12-31,
 * without a note.
 */
export function makeOffer(price: number, quantity = 8000, validUntil = '2099-12-31') {
  return {
    price,
    total: orderTotal(price, quantity),
    validUntil,
    offeredAt: '2025-01-02T00:00:00.000Z',
    note: '',
  };
}

/** A quote as the admins' Quotes page lists it: the catalog's price and stock for the hammer. */
export function makeManagedQuote(overrides: Partial<ManagedQuote> = {}): ManagedQuote {
  const { catalogUnitPrice = hammer.price, availableQuantity = 5000, ...quote } = overrides;
  return ManagedQuoteSchema.parse({ ...makeQuote(quote), catalogUnitPrice, availableQuantity });
}

/** Maria's four-star review. */
export function makeReview(overrides: Partial<Review> = {}): Review {
  return ReviewSchema.parse({
    _id: '2fac5b60-7d8e-4f90-8b12-c3d4e5f6a7b8',
    name: 'Maria Lopez',
    review: 'Great hammers, on time.',
    rattings: 4,
    verifiedBuyer: false,
    ...overrides,
  });
}

/** GET /api/review/page's first page of `reviews` (all of them unless told how many a page). */
export function makeReviewsPage(reviews: Review[], pageSize = REVIEWS_PAGE_SIZE): ReviewsPage {
  return reviewsPageOf(reviews, 1, pageSize);
}

/** An account as ALL USERS lists it: Maria, a customer. */
export function makeUser(overrides: Partial<User> = {}): User {
  return UserSchema.parse({
    _id: 'u2',
    name: 'Maria Lopez',
    email: 'maria@example.com',
    role: 'user',
    owner: false,
    company: null,
    ...overrides,
  });
}

/** A picture of the manufacturer house. */
export function makeGalleryItem(overrides: Partial<GalleryItem> = {}): GalleryItem {
  return GalleryItemSchema.parse({
    _id: '3abd6c71-8e9f-4a01-9c23-d4e5f6a7b8c0',
    img: '/images/gallery/1.svg',
    desc: 'Workshop picture number 1, taken on the forge floor at dawn.',
    ...overrides,
  });
}

/** Maria's profile details. */
export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return ProfileSchema.parse({
    name: 'Maria Lopez',
    email: 'maria@example.com',
    education: 'BSc Mechanical Engineering',
    city: 'Dhaka',
    phone: '+880 1711 000000',
    linkdin: 'https://www.linkedin.com/in/maria-lopez',
    ...overrides,
  });
}

/**
 * A small category tree (issue 43): Striking tools with Hammers and Mallets under it, and
 * Cutting tools; `homeShowsEveryTool` as the home page's switch says.
 */
export function makeCategoryTree(overrides: Partial<CategoryTree> = {}): CategoryTree {
  const category = (
    index: number,
    slug: string,
    name: string,
    parent: string | null,
    toolCount: number,
  ) => ({
    _id: `00000000-0000-4000-8000-0000000000c${index}`,
    slug,
    name,
    parent,
    position: index,
    depth: parent === null ? 1 : 2,
    toolCount,
  });
  return CategoryTreeSchema.parse({
    categories: [
      category(1, 'striking-tools', 'Striking tools', null, 2),
      category(2, 'hammers', 'Hammers', 'striking-tools', 2),
      category(3, 'mallets', 'Mallets', 'striking-tools', 0),
      category(4, 'cutting-tools', 'Cutting tools', null, 1),
    ],
    toolsOnSale: 3,
    homeShowsEveryTool: true,
    ...overrides,
  });
}

/** A page of Hammers (Striking tools above it) with `tools`, its facets counted from them. */
export function makeCategoryToolsPage(
  tools: Tool[],
  overrides: Partial<CategoryToolsPage> = {},
): CategoryToolsPage {
  return CategoryToolsPageSchema.parse({
    category: { slug: 'hammers', name: 'Hammers' },
    breadcrumb: [{ slug: 'striking-tools', name: 'Striking tools' }],
    subcategories: [],
    tools,
    total: tools.length,
    page: 1,
    pageCount: 1,
    pageSize: 24,
    sort: 'name',
    facets: {
      brandLine: [{ value: 'forge-pro', label: 'Forge Pro', count: tools.length, selected: false }],
      size: [],
      material: [
        { value: 'steel', label: 'Steel', count: tools.length, selected: false },
        { value: 'titanium', label: 'Titanium', count: 0, selected: false },
      ],
    },
    ...overrides,
  });
}
