/*
 * What the Sales page reads of invoices (issue 45): the receivables and what of them is overdue.
 * A module never imports another's repository: this file is the invoices' port for it.
 */
export { selectReceivablesTotals } from './invoices.repository.ts';
