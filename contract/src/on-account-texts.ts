/**
 * Checkouts on account (issue 45): the cart's payment choice for a buyer of a company with
 * payment terms, what a checkout placed so says in My Orders and on its payment page, and the
 * company's credit on its Company page. The refusals are the server's (texts.checkout.errors).
 */
export const onAccountTexts = {
  /** The cart's checkout: how it is paid. */
  payment: 'Payment',
  byCard: 'Pay by card',
  onAccount: (days: number) => `Pay on account (Net ${days} days)`,
  creditLeft: (left: string) => `Credit left on account: ${left}`,
  /** An invoice of the company past its due date: nothing more on account until it is paid. */
  overdue:
    'Checkouts on account are paused until your company’s overdue invoice is paid. You can still pay by card.',
  /** The PO number's label when the company asks for one on every checkout. */
  poNumberRequired: 'PO number (required by your company)',
  /** The notice in My Orders once a checkout is placed on account. */
  placed: (reference: string) => `${reference} is ordered on account: its invoice is in My Orders.`,
  /** A checkout's head in My Orders, and its payment page: nothing to pay by card. */
  invoicedNote:
    'Ordered on account: nothing to pay by card. Its invoice is due within your company’s payment terms.',
  /** The Company page's terms card: what the company owes on account and may still place. */
  openBalance: 'Open balance',
  creditLeftShown: 'Credit left',
  overdueOnCompany:
    'An invoice of your company is past its due date: checkouts on account are paused until it is paid.',
};
