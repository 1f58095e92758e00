/**
 * What only Manage Tools' Edit, Stock, removed tools and picture upload say (issue 25): kept
 * apart from `texts`, so that the home page's script, which carries `texts`, does not carry them.
 */
export const manageToolsTexts = {
  /** GET /manageTools/page (issue 43): Manage Tools a page at a time. */
  page: {
    /** 400: an `after` that no page of Manage Tools answered. */
    badCursor: 'after: not the next page of the tools; start again from the first page',
    /** Above the table: how many tools are on sale, or match the search. */
    onSale: (count: number) =>
      count === 1 ? '1 tool on sale' : `${count.toLocaleString('en-US')} tools on sale`,
    found: (count: number) =>
      count === 1 ? '1 tool matches' : `${count.toLocaleString('en-US')} tools match`,
    /** More tools than are counted (MANAGE_TOOLS_COUNT_CAP), as Manage Orders says it. */
    onSaleAtLeast: (count: number) => `More than ${count.toLocaleString('en-US')} tools on sale`,
    foundAtLeast: (count: number) => `More than ${count.toLocaleString('en-US')} tools match`,
  },
  /** Edit Tool (issue 25): the dialog of a tool's five fields. */
  edit: {
    button: 'Edit',
    title: (tool: string) => `Edit ${tool}`,
    save: 'Save changes',
    saved: (tool: string) => `${tool} saved`,
    cancel: 'cancel',
  },
  /** Stock (issue 25): units in and out by hand, each with its reason, and their list. */
  stock: {
    button: 'Stock',
    title: (tool: string) => `Stock of ${tool}`,
    inStock: (units: string) => `In stock now: ${units}`,
    direction: 'Add or remove',
    add: 'Add units',
    remove: 'Remove units',
    units: 'Units',
    reason: 'Reason',
    reasons: { received: 'received', counted: 'counted', damaged: 'damaged' },
    note: 'Note (optional)',
    save: 'Move stock',
    saved: (tool: string, after: string) => `Stock of ${tool} is now ${after}`,
    history: 'Movements',
    none: 'No stock moved by hand yet',
    columns: {
      when: 'when',
      change: 'change',
      reason: 'reason',
      after: 'stock after',
      who: 'by',
    },
    nobody: 'a removed account',
    close: 'close',
  },
  /** Archived tools (issue 25) and their Restore. */
  archived: {
    show: 'Show removed tools',
    title: 'Removed tools',
    empty: 'No removed tools',
    restore: 'Restore',
    restored: (tool: string) => `${tool} is on sale again`,
  },
  /** The picture of Add Product and Edit (issue 25). */
  image: {
    upload: 'Upload a picture',
    uploadHint: 'JPEG, PNG or WebP, at most 5 MB; made at most 1200 px wide',
    uploading: 'Uploading the picture',
    uploaded: 'Picture uploaded',
    preview: 'Preview of the picture',
  },
} as const;
