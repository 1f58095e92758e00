/*
 * What the invoices module reads of company accounts (issue 45): who is reminded of a company's
 * invoices on account (its admins, oldest member first; a company of none is absent; buyers are
 * never among them). A module never imports another's repository: this file is the companies'
 * port for it.
 */
export { selectAdminIdsOf as selectAdminIdsOfCompanies } from './companies.repository.ts';
