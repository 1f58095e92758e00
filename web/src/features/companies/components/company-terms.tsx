import {
  formatMoney,
  texts,
  type CompanyCredit,
  type CompanyTerms as Terms,
} from '@tools-factory/contract';
import { FaExclamationTriangle } from 'react-icons/fa';
import { CardSection } from '../../../components/ui/card-section';

const words = texts.companyTerms;
const creditWords = texts.onAccount;

/**
 * What the shop agreed with the company (issue 45), read-only for its members (the shop's admins
 * set it): card only or net so many days, the credit limit, and whether its checkouts need a PO
 * number or it is tax-exempt, said only when so; with payment terms, what the company owes on
 * account and may still place (issue 45), and a warning while an invoice is past its due date.
 */
export function CompanyTerms({ terms, credit }: { terms: Terms; credit: CompanyCredit | null }) {
  const rules = [
    terms.poNumberRequired ? words.poNumberRequired : null,
    terms.taxExempt ? words.taxExempt : null,
  ].filter((rule) => rule !== null);
  return (
    <CardSection title={words.withShop} bodyClassName="gap-4 p-4 sm:p-6">
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[minmax(0,11rem)_minmax(0,1fr)]">
        <dt className="text-base-content/70 text-sm font-semibold">{words.title}</dt>
        <dd className="font-semibold">{words.paymentTerms(terms.paymentTermsDays)}</dd>
        <dt className="text-base-content/70 text-sm font-semibold">{words.creditLimitShown}</dt>
        <dd className="tabular-nums">{formatMoney(terms.creditLimit)}</dd>
        {credit ? (
          <>
            <dt className="text-base-content/70 text-sm font-semibold">
              {creditWords.openBalance}
            </dt>
            <dd className="tabular-nums">{formatMoney(credit.openBalance)}</dd>
            <dt className="text-base-content/70 text-sm font-semibold">
              {creditWords.creditLeftShown}
            </dt>
            <dd className="tabular-nums">{formatMoney(credit.creditLeft)}</dd>
          </>
        ) : null}
      </dl>
      {credit?.overdue ? (
        // The page's own text colour on the pale warning ground (daisyUI's is too faint there).
        <p className="alert alert-warning alert-soft text-base-content text-sm">
          <FaExclamationTriangle aria-hidden="true" className="text-warning-content shrink-0" />
          {creditWords.overdueOnCompany}
        </p>
      ) : null}
      {rules.length > 0 ? (
        <ul className="flex flex-wrap gap-2">
          {rules.map((rule) => (
            <li key={rule} className="badge badge-outline">
              {rule}
            </li>
          ))}
        </ul>
      ) : null}
    </CardSection>
  );
}
