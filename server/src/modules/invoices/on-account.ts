import { centsToDollars, texts } from '@tools-factory/contract';
import type { Transaction } from '../../db/client.ts';
import { badRequest, conflict } from '../../http-errors.ts';
import type { CheckoutsOnAccount } from '../checkouts/checkout-on-account.ts';
import {
  lockTermsOfCompany,
  selectTermsOfMember,
  type CompanyTermsOfOrder,
} from '../companies/companies-of-orders.ts';
import { chargeOf, inBuyersOrder, toPayableOrder } from '../orders/orders-of-checkouts.ts';
import type { Database } from '../../db/client.ts';
import { selectOpenBalanceOfCompany } from './invoices.repository.ts';
import type { InvoicesService } from './invoices.service.ts';

const errors = texts.checkout.errors;

/** A company's terms with payment terms set: it may buy on account. */
type TermsOnAccount = CompanyTermsOfOrder & { paymentTermsDays: number };

function onAccountTerms(terms: CompanyTermsOfOrder | undefined): TermsOnAccount {
  if (!terms || terms.paymentTermsDays === null) throw conflict(errors.noPaymentTerms);
  return { ...terms, paymentTermsDays: terms.paymentTermsDays };
}

/**
 * Checkouts on account (issue 45, docs/decisions/066): the terms checked before the checkout's
 * transaction, then, in it, the company's credit and its invoice.
 */
export function createOnAccount(options: {
  db: Database;
  invoices: Pick<InvoicesService, 'issueOnAccount'>;
  /** ORDER_HOLD_HOURS, for the lines' DTOs the invoice copies. */
  orderHoldHours: number;
  now: () => Date;
}): CheckoutsOnAccount {
  const { db, invoices, orderHoldHours, now } = options;
  return {
    async ensureMayPlace(caller) {
      onAccountTerms(await selectTermsOfMember(db, caller.id));
    },

    async invoice(tx: Transaction, { checkout, orders }) {
      const { companyId } = checkout;
      // The pipeline wrote the company its buyer belongs to now: the terms are that company's.
      // (The pipeline's first statement refused a placement without the PO number the company
      // asked for then; an approval checks the rule as it stands now.)
      const terms = onAccountTerms(companyId ? await lockTermsOfCompany(tx, companyId) : undefined);
      if (terms.poNumberRequired && checkout.poNumber.trim() === '') {
        throw badRequest(errors.poNumberRequired);
      }
      if (checkout.shippingCents === null) throw conflict(errors.shippingToQuoteOnAccount);
      const at = now();
      // What it charges: its lines, its shipping and the tax added on top of both (issue 45).
      const shipping = { cents: checkout.shippingCents, taxCents: checkout.shippingTaxCents };
      const totalCents =
        orders.reduce((sum, row) => sum + chargeOf(row), 0) + shipping.cents + shipping.taxCents;
      // Under the company's row lock: every checkout on account of the company before this one
      // has committed its invoice, or waits for this one to end.
      const { openCents, overdue } = await selectOpenBalanceOfCompany(tx, terms.companyId, at);
      if (overdue) throw conflict(errors.invoiceOverdue);
      if (openCents + totalCents > terms.creditLimitCents) {
        const leftCents = Math.max(0, terms.creditLimitCents - openCents);
        throw conflict(
          errors.overCreditLimit(centsToDollars(totalCents), centsToDollars(leftCents)),
        );
      }
      const invoice = await invoices.issueOnAccount(
        tx,
        [...orders].sort(inBuyersOrder).map((row) => toPayableOrder(row, orderHoldHours)),
        shipping,
        at,
        { companyId: terms.companyId, paymentTermsDays: terms.paymentTermsDays },
      );
      if (!invoice.dueAt) throw new Error('an invoice on account has a due date');
      return { number: invoice.number, dueAt: invoice.dueAt };
    },
  };
}
