import type { Transaction } from '../../db/client.ts';
import type { Account } from '../identity/identity.service.ts';
import type { CheckoutRow } from './checkout-row.ts';
import type { OrderRow } from '../orders/orders-of-checkouts.ts';

/**
 * What a checkout placed on account (issue 45) asks of the invoices module, which issues its
 * invoice (app.ts hands it over: the invoices module reads the checkouts' lines, so it is built
 * after this one).
 */
export type CheckoutsOnAccount = {
  /**
   * Before the checkout's transaction, so that nothing is reserved for a checkout that cannot be
   * placed on account: the buyer's company has payment terms (409 otherwise). Its PO rule is the
   * placement pipeline's, for every checkout.
   */
  ensureMayPlace(caller: Account): Promise<void>;
  /**
   * In the checkout's transaction, its lines written `invoiced`: the company's row locked, its
   * open invoices and this checkout must fit its credit limit and none may be past due (409 in
   * words, rolling the checkout back); then its invoice, due within the terms.
   */
  invoice(
    tx: Transaction,
    written: { checkout: CheckoutRow; orders: readonly OrderRow[] },
  ): Promise<{ number: string; dueAt: Date }>;
};
