import { formatMoney, routes, texts, type MyCompany } from '@tools-factory/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { useMyCompany } from '../api/get-my-company';
import type { CompanyAccount } from '../company-visitor';
import { ActionNotice, succeeded, type Notice } from './action-notice';
import { CompanyAddresses } from './company-addresses';
import { CompanyApprovals } from './company-approvals';
import { CompanyDetails } from './company-details';
import { CompanyInvitations } from './company-invitations';
import { CompanyInvoices } from './company-invoices';
import { CompanyMembers } from './company-members';
import { CompanyTerms } from './company-terms';
import { CreateCompany } from './create-company';
import { InviteMemberForm } from './invite-member-form';

const words = texts.company;

interface CompanyOverviewProps {
  account: CompanyAccount;
  /** A first message for the top of the page (joined from an invitation's page). */
  welcome?: string | null;
}

interface CompanyViewProps {
  view: MyCompany & { company: NonNullable<MyCompany['company']> };
  account: CompanyAccount;
  notice: Notice | null;
  onNotice: (notice: Notice) => void;
}

/**
 * A member's company: the role sentence (and a buyer's limit, issue 44), its details, its terms
 * with the shop and its open invoices on account (issue 45), Members; for its admins, the orders
 * awaiting their approval and the invitations.
 */
function CompanyView({ view, account, notice, onNotice }: CompanyViewProps) {
  const isAdmin = view.role === 'admin';
  const { spending } = view;
  return (
    <div className="flex flex-col gap-8">
      {view.role ? (
        <div className="text-base-content/80 flex flex-col gap-1">
          <p>{words.yourRole(view.role)}</p>
          <p>
            <Link className="link" to={routes.dashboardCompanyOrders}>
              {isAdmin ? texts.companyOrders.title : texts.companyOrders.yourOrdersLink}
            </Link>
          </p>
          {spending ? (
            <p>
              {words.yourLimit(
                formatMoney(spending.monthlyLimit),
                formatMoney(spending.spent),
                formatMoney(spending.left),
              )}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <CompanyDetails
          company={view.company}
          isAdmin={isAdmin}
          onSaved={() => onNotice(succeeded('page', words.saved))}
        />
        {isAdmin ? <InviteMemberForm notice={notice} onNotice={onNotice} /> : null}
        <CompanyTerms terms={view.company.terms} credit={view.credit} />
      </div>
      <CompanyInvoices onTerms={view.company.terms.paymentTermsDays !== null} isAdmin={isAdmin} />
      <CompanyAddresses
        addresses={view.addresses}
        locked={view.company.addressesLocked}
        isAdmin={isAdmin}
      />
      {isAdmin ? (
        <CompanyApprovals approvals={view.approvals} notice={notice} onNotice={onNotice} />
      ) : null}
      <CompanyMembers
        members={view.members}
        accountId={account.id}
        isAdmin={isAdmin}
        notice={notice}
        onNotice={onNotice}
      />
      {isAdmin ? (
        <CompanyInvitations invitations={view.invitations} notice={notice} onNotice={onNotice} />
      ) : null}
    </div>
  );
}

/**
 * The Company page's content (issue 44): an account of no company is offered to create one; a
 * member sees the company as the server answers it (GET /company), and each change's answer
 * replaces it. What went well is said in a polite live region beside it, a refusal in an alert.
 */
export function CompanyOverview({ account, welcome = null }: CompanyOverviewProps) {
  const myCompany = useMyCompany();
  const [notice, setNotice] = useState<Notice | null>(() =>
    welcome ? succeeded('page', welcome) : null,
  );
  return (
    <div className="flex flex-col gap-6">
      <ActionNotice notice={notice} place="page" />
      <QueryBoundary query={myCompany} keepDataOnError>
        {(view) =>
          view.company ? (
            <CompanyView
              view={{ ...view, company: view.company }}
              account={account}
              notice={notice}
              onNotice={setNotice}
            />
          ) : (
            <CreateCompany onCreated={() => setNotice(succeeded('page', words.created))} />
          )
        }
      </QueryBoundary>
    </div>
  );
}
