/**
 * A company's terms with the shop (issue 45): the form its shop admins set them with, on the
 * company's page, and what its members read of them on the Company page.
 */
export const companyTermsTexts = {
  /** The shop admins' card, and its form's fields. */
  title: 'Payment terms',
  terms: 'Terms',
  /** A company's payment terms in words: null is card only. */
  paymentTerms: (days: number | null) => (days === null ? 'Card only' : `Net ${days} days`),
  creditLimit: 'Credit limit (dollars)',
  creditLimitHint: 'The most its open invoices may come to, a new checkout on account included.',
  poNumberRequired: 'PO number required',
  poNumberRequiredHint: 'Every checkout of its buyers must carry a purchase order number.',
  taxExempt: 'Tax-exempt (reverse charge)',
  taxExemptHint: 'Its invoices charge no tax and name its tax number: it needs one.',
  save: 'Save',
  saving: 'Saving…',
  saved: 'The company’s terms are saved.',
  /** The member's Company page: what the shop agreed with their company. */
  withShop: 'Terms with the shop',
  creditLimitShown: 'Credit limit',
};
