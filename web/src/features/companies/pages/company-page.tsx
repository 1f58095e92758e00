import { texts } from '@tools-factory/contract';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { CompanyOverview } from '../components/company-overview';
import { useCompanyVisitor } from '../company-visitor';
import { joinedCompanyOf } from '../joined-company';

/**
 * /dashborad/company (signed in): the customer's company, its members and invitations, or the
 * form that creates one. Reached from an invitation's page, it first says whose member the
 * account now is.
 */
export default function CompanyPage() {
  const visitor = useCompanyVisitor();
  const { state } = useLocation();
  const navigate = useNavigate();
  const [joined] = useState(() => joinedCompanyOf(state));

  // Said once: a reload of this page does not say it again.
  useEffect(() => {
    if (joinedCompanyOf(state)) void navigate('.', { replace: true, state: null });
  }, [state, navigate]);

  return (
    <section className="px-4 py-8 md:px-8">
      <h2 className="mb-6 text-2xl font-bold">{texts.company.title}</h2>
      {visitor.status === 'signedIn' ? (
        <CompanyOverview
          key={visitor.account.id}
          account={visitor.account}
          welcome={joined ? texts.companyJoin.joined(joined) : null}
        />
      ) : null}
    </section>
  );
}
