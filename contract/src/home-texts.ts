/**
 * The home page's texts (hero, tools, search, BUISNESS SUMMERY, reviews): kept apart from `texts`
 * so that the home page's script carries only what it shows.
 * Part of `texts` (texts.ts); spelt as SPEC.md spells them.
 */
export const homeTexts = {
  hero: {
    title: 'Welcome to Tools Factory',
    tagline:
      'A leading maker and exporter of hand tools: hammers, wrenches, pliers and saws built to last, shipped in bulk to workshops around the world.',
    cta: 'Explore our tools',
    imageAlt: 'Hammer, wrench and pliers on a workshop bench',
  },
  home: {
    toolsTitle: 'OUR TOOLS',
    reviewsTitle: 'CUSTOMER REVIEW',
    galleryTitle: 'VISIT OUR MANUFACTURER HOUSE',
    galleryCardTitle: 'New album is released!',
    summaryTitle: 'BUISNESS SUMMERY',
    contactTitle: 'CONTUCT US',
    contactName: 'Your Name',
    contactEmail: 'Email',
    contactSend: 'Send',
    /**
     * The contact form's third field (docs/architecture.md#departures-from-the-spec: the spec shows
     * Name and Email only).
     */
    contactMessage: 'Message',
    /** A contact field left empty (the same words as texts.fieldErrors.required, which is this). */
    contactRequired: (field: string) => `${field} is required`,
    /** Said once the server accepted the message (it is stored and e-mailed to the admins). */
    contactThanks: 'Thank you, we will write back soon',
    /** 429: too many messages from one client. */
    contactTooMany:
      'You have sent several messages just now. Please wait a few minutes and try again.',
  },
  /** The search box and sort control above OUR TOOLS (issue 13). */
  search: {
    label: 'Search tools',
    sortLabel: 'Sort by',
    /** The sort control's first choice: the catalog's own order. */
    catalogOrder: 'Featured',
    sorts: {
      name: 'Name',
      price: 'Price: low to high',
      'price-desc': 'Price: high to low',
      available: 'Most available',
    },
    noMatch: (q: string) => `No tools match "${q}"`,
    clear: 'Clear search',
    /** Announced politely as the results change. */
    count: (shown: number) => (shown === 1 ? '1 tool' : `${shown} tools`),
  },
  tool: {
    purchase: 'Purchase',
    price: 'Price',
    minOrderQuantity: 'Minimum order quantity',
    availableQuantity: 'Available quantity',
    /** Before the tool's SKU on a card (issue 26); texts.sku.label is this word. */
    sku: 'SKU',
    /** A card's price when the tool has price breaks: its lowest unit price. */
    fromPrice: (price: string) => `from ${price}`,
  },
  summary: {
    newCustomer: 'New Customer',
    completeOrder: 'Complete Order',
    clients: 'Clients',
    reviews: 'Reviews',
  },
  reviews: {
    postSuccess: 'success review post',
    /** 429: more reviews a minute than one account may post (keeps the home page readable). */
    tooManyReviews: 'You are posting reviews too quickly. Please wait a minute and try again.',
    ratingLabel: (stars: number, max: number) => `Rated ${stars} out of ${max} stars`,
    /** Under the home page's reviews when there are more than it shows (issue 43). */
    showMore: 'Show more reviews',
    shownOf: (shown: string, total: string) => `Showing ${shown} of ${total} reviews`,
    /** Add Review's form (SPEC.md section 2: name, review text and a 1-5 star rating). */
    intro: 'Tell other buyers how our tools work for you.',
    name: 'Name',
    review: 'Review',
    rating: 'Rating',
    submit: 'Post review',
    /** Beside a reviewer's name when the reviewer has a paid order. */
    verifiedBuyer: 'verified buyer',
    /** Add Review's name: the account's, shown read-only. */
    nameHint: 'Reviews carry the name of your account.',
    /** 403 from POST /review (and Add Review's notice) while the account's e-mail is unverified. */
    verifyEmailFirst:
      'Please verify your e-mail before posting a review: follow the link we e-mailed you when you signed up.',
  },
} as const;
