import { routes, texts } from '@tools-factory/contract';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { pageTitle, useDocumentTitle } from '../../../lib/document-title';
import { useMyCompany } from '../api/get-my-company';
import { CompanyOrders } from '../components/company-orders';
import { useCompanyVisitor } from '../company-visitor';

const words = texts.companyOrders;

/**
 * /dashborad/company/orders (signed in, issue 44): Company Orders. Its admins see every checkout
 * of the company; a buyer their own, so worded; an account of no company is told so.
 */
export default function CompanyOrdersPage() {
  const visitor = useCompanyVisitor();
  useDocumentTitle(pageTitle(words.title));
  return (
    <section className="px-4 py-8 md:px-8">
      <div className="mb-6 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-2">
        <h2 className="text-2xl font-bold">{words.title}</h2>
        <Link to={routes.dashboardCompany} className="link text-sm">
          {words.backToCompany}
        </Link>
      </div>
      {visitor.status === 'signedIn' ? <CompanyOrdersOfAccount key={visitor.account.id} /> : null}
    </section>
  );
}

function CompanyOrdersOfAccount() {
  const company = useMyCompany();
  return (
    <QueryBoundary query={company}>
      {(view) =>
        view.company === null ? (
          <EmptyState message={texts.companyErrors.noCompany} />
        ) : (
          <>
            <p className="text-base-content/70 mb-4 text-sm">
              {view.role === 'buyer' ? words.introBuyer : words.intro}
            </p>
            <CompanyOrders isBuyer={view.role === 'buyer'} />
          </>
        )
      }
    </QueryBoundary>
  );
}
