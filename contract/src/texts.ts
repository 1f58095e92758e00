import { accountAdminErrors, accountTexts } from './account-texts.ts';
import { apiErrorTexts } from './api-error-texts.ts';
import { cartTexts } from './cart-texts.ts';
import { categoryBrowseTexts, categoryTexts } from './category-texts.ts';
import { checkoutDocumentTexts } from './checkout-mail-texts.ts';
import { checkoutPaymentTexts } from './checkout-payment-texts.ts';
import { checkoutTexts } from './checkout-texts.ts';
import { companyTermsTexts } from './company-terms-texts.ts';
import { companyTexts } from './company-texts.ts';
import { contactTexts } from './contact-texts.ts';
import { fieldTexts } from './field-texts.ts';
import { holdTexts } from './hold-texts.ts';
import { homeTexts } from './home-texts.ts';
import { invoiceTexts } from './invoice-texts.ts';
import { mailTexts } from './mail-texts.ts';
import { onAccountTexts } from './on-account-texts.ts';
import { orderAdminErrors, orderServerTexts, orderTexts } from './order-texts.ts';
import { paymentTexts } from './payment-texts.ts';
import { profileTexts } from './profile-texts.ts';
import { quickOrderTexts } from './quick-order-texts.ts';
import { quoteServerTexts, quoteTexts } from './quote-texts.ts';
import { receivablesTexts } from './receivables-texts.ts';
import { reminderTexts } from './reminder-texts.ts';
import { reviewTexts } from './review-texts.ts';
import { salesServerTexts, salesTexts } from './sales-texts.ts';
import { searchErrors, searchTexts } from './search-texts.ts';
import { shellTexts } from './shell-texts.ts';
import { shipmentServerTexts, shipmentTexts } from './shipment-texts.ts';
import { shippingServerTexts, shippingTexts } from './shipping-texts.ts';
import { siteTexts } from './site-texts.ts';
import { skuTexts } from './sku-texts.ts';
import { toolAdminErrors, toolTexts } from './tool-texts.ts';

export { categoryBrowseTexts, categoryTexts, homeTexts, searchErrors, searchTexts, shellTexts };

/**
 * Every text a user sees, spelt exactly as SPEC.md spells it (typos included: the product's
 * customers know these words). Change a text here and both the web app and the server follow.
 * Each domain's texts have their one home in a file of their own (tool-texts.ts,
 * order-texts.ts ...), composed here; the frame's and the home page's (shell-texts.ts and
 * home-texts.ts) are imported alone by the first page, so its script does not carry every other
 * page's words.
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
  /** Company accounts (issue 44). */
  ...companyTexts,
  /** A company's terms with the shop (issue 45). */
  companyTerms: companyTermsTexts,
  /** Checkouts on account, and a company's credit (issue 45). */
  onAccount: onAccountTexts,
  /** Open invoices on account and the payments received (issue 45). */
  receivables: receivablesTexts,
  /** Shipments of a checkout's lines (issue 42). */
  shipments: shipmentTexts,
  /** Shipping charges (issue 42). */
  shipping: shippingTexts,
  ...toolTexts,
  /** Categories and facets (issue 43). */
  categories: categoryTexts,
  /** The search page (issue 43). */
  toolSearch: { ...searchTexts, errors: searchErrors },
  ...siteTexts,
  ...accountTexts,
  ...fieldTexts,
  ...orderTexts,
  ...quoteTexts,
  /** The admin calls' refusals (`{ message, statusCode }` bodies) and the Add Product rules. */
  adminErrors: { ...toolAdminErrors, ...accountAdminErrors, ...orderAdminErrors },
  ...salesTexts,
  ...reviewTexts,
  ...contactTexts,
  ...holdTexts,
  ...profileTexts,
  ...paymentTexts,
} as const;

/**
 * What only the server says: the refusals of its API that no page of ours words itself, and its
 * e-mails. Apart from `texts`, so that the web app's bundles, which never show them, leave them out.
 */
export const serverTexts = {
  ...apiErrorTexts,
  ...salesServerTexts,
  ...orderServerTexts,
  ...quoteServerTexts,
  ...invoiceTexts,
  /** What the documents add for checkouts (issue 26): its own file, composed here. */
  checkoutDocuments: checkoutDocumentTexts,
  ...mailTexts,
  ...shipmentServerTexts,
  ...shippingServerTexts,
  /** Payment reminders of invoices on account (issue 45): e-mails only. */
  reminders: reminderTexts,
} as const;
