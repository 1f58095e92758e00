import {
  formatMoney,
  texts,
  type CompanyCredit,
  type CompanyTerms,
  type PaymentMethod,
} from '@tools-factory/contract';
import { useId } from 'react';
import { FaExclamationTriangle } from 'react-icons/fa';

const words = texts.onAccount;

/** A company member's terms with the shop and its credit on account (issue 45). */
export interface AccountTerms {
  terms: CompanyTerms;
  /** Null without payment terms. */
  credit: CompanyCredit | null;
}

/** The company may buy on account now: it has payment terms and no invoice past its due date. */
export function mayPayOnAccount(account: AccountTerms | null | undefined): boolean {
  return account?.terms.paymentTermsDays != null && account.credit?.overdue !== true;
}

interface PaymentChoiceProps {
  /** The company's payment terms, in days. */
  paymentTermsDays: number;
  credit: CompanyCredit | null;
  value: PaymentMethod;
  onChange: (payment: PaymentMethod) => void;
}

/**
 * How the checkout is paid, for a buyer of a company with payment terms (issue 45): by card (as
 * ever) or on account, with the credit left beside it; while an invoice of the company is past
 * its due date, on account is paused, and said so.
 */
export function PaymentChoice({ paymentTermsDays, credit, value, onChange }: PaymentChoiceProps) {
  const creditId = useId();
  const overdue = credit?.overdue === true;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold">{words.payment}</legend>
      <label className="flex cursor-pointer items-center gap-2 text-sm">
        <input
          type="radio"
          name="payment"
          value="card"
          className="radio radio-sm"
          checked={value === 'card'}
          onChange={() => onChange('card')}
        />
        {words.byCard}
      </label>
      <label className="flex cursor-pointer items-center gap-2 text-sm">
        <input
          type="radio"
          name="payment"
          value="account"
          className="radio radio-sm"
          checked={value === 'account'}
          disabled={overdue}
          aria-describedby={credit ? creditId : undefined}
          onChange={() => onChange('account')}
        />
        {words.onAccount(paymentTermsDays)}
      </label>
      {credit ? (
        <p id={creditId} className="text-base-content/70 ml-7 text-sm">
          {words.creditLeft(formatMoney(credit.creditLeft))}
        </p>
      ) : null}
      {overdue ? (
        // The page's own text colour on the pale warning ground (daisyUI's is too faint there).
        <p className="alert alert-warning alert-soft text-base-content text-sm">
          <FaExclamationTriangle aria-hidden="true" className="text-warning-content shrink-0" />
          {words.overdue}
        </p>
      ) : null}
    </fieldset>
  );
}
