import { formatCount, formatMoney } from './money.ts';

/** The catalog's tools: a tool not found, its price breaks, Add Product and Manage Tools. */
export const toolTexts = {
  toolNotFound: 'This tool was not found',
  /** Volume pricing (docs/decisions/011): the purchase page's table and the admins' editor. */
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
      /** The list price, with how many price breaks the tool has under it. */
      price: 'price',
    },
    /** Under a tool's list price: its volume prices, counted. */
    breaksCount: (count: number) => `${count} price ${count === 1 ? 'break' : 'breaks'}`,
    /** The row's actions but Remove, behind one button. */
    actions: 'Actions',
    /** The search above the table: the catalog's own (name, SKU, description), as typed. */
    search: 'Search tools',
    searchHint: 'Name, SKU or words of the description',
    noMatch: (query: string) => `No tool matches "${query}".`,
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
} as const;

/**
 * The tool calls' refusals, part of texts.adminErrors: Add Product's rules, the price breaks,
 * the stock moved by hand and the pictures.
 */
export const toolAdminErrors = {
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
  /** 400: price breaks (docs/decisions/011); the rules live in contract/src/price-breaks.ts. */
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
} as const;
