/** Stock holds: who holds stock with unpaid orders. */
export const holdTexts = {
  /** Stock holds (issue 22, docs/architecture.md): who holds stock with unpaid orders. */
  manageHolds: {
    title: 'Stock holds',
    intro:
      'Every unpaid order keeps its stock until it is paid, removed or expires. Releasing an account removes all its unpaid orders and puts their stock back on sale.',
    empty: 'No unpaid orders hold any stock',
    /** 400 (issue 43): an `after` that is not the `next` of a page of Stock holds. */
    badPageCursor: 'after: not the next page of the stock holds; start again from the first page',
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
} as const;
