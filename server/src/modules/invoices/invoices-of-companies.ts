/*
 * What the companies module reads of invoices (issue 45): a company's open balance on account,
 * for its Company page (GET /company's `credit`). A module never imports another's repository:
 * this file is the invoices' port for it.
 */
export { selectOpenBalanceOfCompany } from './invoices.repository.ts';
