import {
  formatMoney,
  routes,
  texts,
  type CompanyMember,
  type ManagedCompany,
  type PendingApproval,
  type ShipToAddress,
} from '@tools-factory/contract';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CardLabel, cardRow, DataTable, labelledCell } from '../../../components/ui/data-table';
import { EmailAddress } from '../../../components/ui/email-address';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { pageTitle, useDocumentTitle } from '../../../lib/document-title';
import { formatCount, formatDateTime } from '../../../lib/format';
import { useManagedCompany } from '../api/get-managed-company';
import { CompanyCheckouts, type CompanyCheckoutsProps } from './company-checkouts';
import { CompanyTermsForm } from './company-terms-form';

const words = texts.manageCompanies;
const company = texts.company;
const CARDS_BELOW = 'lg';
const valueCell = labelledCell(CARDS_BELOW);

/** A part of the company's page under its own heading, named by it. */
function Part({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="text-xl font-bold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** A member's monthly limit: an admin approves rather than has one. */
function limitOf(member: CompanyMember): string {
  if (member.role === 'admin') return company.adminNoLimit;
  return member.monthlyLimit === null ? company.noLimit : formatMoney(member.monthlyLimit);
}

/** The company's details: tax number, billing address, when it was made, where it ships. */
function Details({ managed }: { managed: ManagedCompany }) {
  const details = managed.company;
  const facts: [string, ReactNode][] = [
    [company.taxNumberShown, details.taxNumber || company.notGiven],
    [company.billingAddress, <span className="whitespace-pre-line">{details.billingAddress}</span>],
    [words.created, formatDateTime(details.createdAt)],
    [words.shipTo, details.addressesLocked ? words.addressesLocked : words.addressesOpen],
    [words.checkoutsCount, formatCount(managed.checkouts)],
  ];
  return (
    <div className="card bg-base-100 border-base-300 border shadow-sm">
      <dl className="card-body grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr] sm:gap-y-2">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-base-content/70 text-sm">{term}</dt>
            <dd className="wrap-break-word max-sm:mb-2">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** Members, admins first: who, as what, their monthly limit, spending this month, and since when. */
function Members({ members }: { members: CompanyMember[] }) {
  if (members.length === 0)
    return <p className="text-base-content/70 text-sm">{words.noMembers}</p>;
  return (
    <DataTable
      cardsBelow={CARDS_BELOW}
      columns={[
        { label: company.member },
        { label: company.role },
        { label: company.monthlyLimit, numeric: true },
        { label: company.spentThisMonth, numeric: true },
        { label: company.joined },
      ]}
    >
      {members.map((member) => (
        <tr key={member.userId} className={cardRow(CARDS_BELOW)}>
          <th scope="row" className="align-top font-normal md:max-lg:col-span-2">
            <span className="font-semibold wrap-break-word">{member.name || member.email}</span>
            <span className="text-base-content/80 block text-sm wrap-break-word">
              <EmailAddress email={member.email} />
            </span>
          </th>
          <td className={`${valueCell} align-top`}>
            <CardLabel below={CARDS_BELOW}>{company.role}</CardLabel>
            <span
              className={`badge badge-sm whitespace-nowrap ${member.role === 'admin' ? 'badge-neutral' : 'badge-outline'}`}
            >
              {company.roles[member.role] ?? member.role}
            </span>
          </td>
          <td className={`${valueCell} align-top whitespace-nowrap tabular-nums lg:text-right`}>
            <CardLabel below={CARDS_BELOW}>{company.monthlyLimit}</CardLabel>
            <span>{limitOf(member)}</span>
          </td>
          <td className={`${valueCell} align-top whitespace-nowrap tabular-nums lg:text-right`}>
            <CardLabel below={CARDS_BELOW}>{company.spentThisMonth}</CardLabel>
            <span>{formatMoney(member.spentThisMonth ?? 0)}</span>
          </td>
          <td className={`${valueCell} align-top`}>
            <CardLabel below={CARDS_BELOW}>{company.joined}</CardLabel>
            <time dateTime={member.joinedAt}>{formatDateTime(member.joinedAt)}</time>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** The company's ship-to addresses, a card each. */
function Addresses({ addresses }: { addresses: ShipToAddress[] }) {
  if (addresses.length === 0) {
    return <p className="text-base-content/70 text-sm">{words.noAddresses}</p>;
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
      {addresses.map((address) => (
        <li key={address._id} className="card bg-base-100 border-base-300 border shadow-sm">
          <div className="card-body gap-1 p-4 text-sm">
            <p className="text-base font-semibold wrap-break-word">{address.label}</p>
            <p className="wrap-break-word">{address.name}</p>
            <p className="whitespace-pre-line wrap-break-word">{address.address}</p>
            {address.phone ? (
              <p>
                <span className="text-base-content/70">{words.phone}</span> {address.phone}
              </p>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The checkouts past a buyer's limit waiting for one of the company's admins to decide. */
function Approvals({ approvals }: { approvals: PendingApproval[] }) {
  if (approvals.length === 0) {
    return <p className="text-base-content/70 text-sm">{company.noApprovals}</p>;
  }
  return (
    <DataTable
      cardsBelow={CARDS_BELOW}
      columns={[
        { label: words.orderColumns.checkout },
        { label: company.buyer },
        { label: company.placed },
        { label: company.total, numeric: true },
        { label: words.approvalsExpire },
      ]}
    >
      {approvals.map((approval) => (
        <tr key={approval.checkoutId} className={cardRow(CARDS_BELOW)}>
          <th scope="row" className="align-top font-normal">
            <Link
              to={routes.dashboardManagedCheckout(approval.checkoutId)}
              className="link font-semibold whitespace-nowrap"
              aria-label={words.openCheckout(approval.reference)}
            >
              {approval.reference}
            </Link>
            {approval.poNumber ? (
              <span className="text-base-content/70 block text-xs wrap-break-word">
                {company.po} {approval.poNumber}
              </span>
            ) : null}
          </th>
          <td className={`${valueCell} align-top`}>
            <CardLabel below={CARDS_BELOW}>{company.buyer}</CardLabel>
            <span className="min-w-0 wrap-break-word max-lg:text-right">
              {approval.buyer.name || approval.buyer.email}
              <span className="text-base-content/70 block text-xs">
                <EmailAddress email={approval.buyer.email} />
              </span>
            </span>
          </td>
          <td className={`${valueCell} align-top`}>
            <CardLabel below={CARDS_BELOW}>{company.placed}</CardLabel>
            <time dateTime={approval.placedAt}>{formatDateTime(approval.placedAt)}</time>
          </td>
          <td className={`${valueCell} align-top whitespace-nowrap tabular-nums lg:text-right`}>
            <CardLabel below={CARDS_BELOW}>{company.total}</CardLabel>
            <span>{formatMoney(approval.total)}</span>
          </td>
          <td className={`${valueCell} align-top`}>
            <CardLabel below={CARDS_BELOW}>{words.approvalsExpire}</CardLabel>
            <time dateTime={approval.expiresAt}>{formatDateTime(approval.expiresAt)}</time>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** The loaded company's page. */
function CompanyDetail({
  managed,
  renderStatus,
}: { managed: ManagedCompany } & Pick<CompanyCheckoutsProps, 'renderStatus'>) {
  return (
    <div className="flex flex-col gap-8">
      <h2 className="text-2xl font-bold wrap-break-word">{managed.company.legalName}</h2>
      <Details managed={managed} />
      <CompanyTermsForm companyId={managed.company._id} terms={managed.company.terms} />
      <Part title={company.members}>
        <Members members={managed.members} />
      </Part>
      <Part title={words.addresses}>
        <Addresses addresses={managed.addresses} />
      </Part>
      <Part title={company.approvals}>
        <Approvals approvals={managed.approvals} />
      </Part>
      <Part title={words.checkouts}>
        <CompanyCheckouts companyId={managed.company._id} renderStatus={renderStatus} />
      </Part>
    </div>
  );
}

/**
 * A company's page for the shop's admins (issue 44): its details, its terms with the shop (set
 * here, issue 45), members with their roles, limits and spending this month, ship-to addresses,
 * the checkouts awaiting its admins' approval, and its checkouts, each leading to the order's
 * admin page. A company of no such id is said in the server's words.
 */
export function ManagedCompanyView({
  id,
  renderStatus,
}: { id: string } & Pick<CompanyCheckoutsProps, 'renderStatus'>) {
  const managed = useManagedCompany(id);
  // Named after the company once it is known (its route leaves the title to the page).
  useDocumentTitle(pageTitle(managed.data?.company.legalName ?? words.title));
  return (
    <>
      <Link to={routes.dashboardCompanies} className="link mb-4 inline-block text-sm">
        ← {words.back}
      </Link>
      <QueryBoundary query={managed}>
        {(loaded) => <CompanyDetail managed={loaded} renderStatus={renderStatus} />}
      </QueryBoundary>
    </>
  );
}
