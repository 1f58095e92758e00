import { texts } from '@tools-factory/contract';
import { useLocation } from 'react-router';
import { BrandLink } from '../../../components/ui/brand-link';
import { JoinCompany } from '../components/join-company';
import { useCompanyVisitor } from '../company-visitor';

/**
 * /dashborad/company/join#<secret>: where an invitation's e-mailed link lands. The secret follows
 * `#`, which no request carries; the page sends it in a POST body only. Open to signed-out
 * visitors, who are asked to sign in first: a centred card, as the account pages are.
 */
export default function CompanyJoinPage() {
  const visitor = useCompanyVisitor();
  const token = useLocation().hash.replace(/^#/, '');
  return (
    <div className="flex grow flex-col">
      {/* Under /dashborad the site's top bar is hidden, and this page is not the dashboard's: the
          brand at least, the way home. */}
      <div className="bg-neutral text-neutral-content">
        <div className="mx-auto flex min-h-16 max-w-7xl items-center px-4">
          <BrandLink />
        </div>
      </div>
      <section className="flex grow justify-center px-4 py-10 md:py-16">
        <div className="card bg-base-100 border-base-300 h-fit w-full max-w-md border shadow-lg">
          <div className="card-body gap-4 p-6 md:p-8">
            <h1 className="text-center text-2xl font-bold">{texts.companyJoin.title}</h1>
            <JoinCompany token={token} visitor={visitor} />
          </div>
        </div>
      </section>
    </div>
  );
}
