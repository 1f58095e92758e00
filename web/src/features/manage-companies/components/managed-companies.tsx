import {
  MANAGED_COMPANIES_PAGE_SIZE,
  routes,
  texts,
  type ManagedCompanySummary,
} from '@tools-factory/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { CardLabel, cardRow, DataTable, labelledCell } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pager } from '../../../components/ui/pager';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { formatCount, formatDateTime } from '../../../lib/format';
import { useKeysetPages } from '../../../lib/use-keyset-pages';
import { useManagedCompaniesPage } from '../api/get-managed-companies';

const words = texts.manageCompanies;
const columns = words.columns;
// Seven columns do not fit beside the dashboard's menu below 1024 px: a card per company there.
const CARDS_BELOW = 'lg';
const valueCell = labelledCell(CARDS_BELOW);

/** A count in its column, and with its name on a card. */
function CountCell({ label, count }: { label: string; count: number }) {
  return (
    <td className={`${valueCell} tabular-nums lg:text-right`}>
      <CardLabel below={CARDS_BELOW}>{label}</CardLabel>
      <span>{formatCount(count)}</span>
    </td>
  );
}

/** One company: its name (the way to its page), tax number, people, checkouts and age. */
function CompanyRow({ company }: { company: ManagedCompanySummary }) {
  return (
    <tr className={cardRow(CARDS_BELOW)}>
      <th scope="row" className="align-top md:max-lg:col-span-2">
        <Link
          to={routes.dashboardManagedCompany(company._id)}
          className="link font-semibold wrap-break-word"
        >
          {company.legalName}
        </Link>
      </th>
      <td className={`${valueCell} wrap-break-word`}>
        <CardLabel below={CARDS_BELOW}>{columns.taxNumber}</CardLabel>
        <span>{company.taxNumber || texts.company.notGiven}</span>
      </td>
      <CountCell label={columns.members} count={company.members} />
      <td className={valueCell}>
        <CardLabel below={CARDS_BELOW}>{columns.admins}</CardLabel>
        <ul className="max-lg:text-right">
          {company.admins.map((admin) => (
            <li key={admin.userId} className="wrap-break-word">
              {admin.name || admin.email}
            </li>
          ))}
        </ul>
      </td>
      <CountCell label={columns.checkouts} count={company.checkouts} />
      <CountCell label={columns.awaitingApproval} count={company.awaitingApproval} />
      <td className={valueCell}>
        <CardLabel below={CARDS_BELOW}>{columns.created}</CardLabel>
        <time dateTime={company.createdAt}>{formatDateTime(company.createdAt)}</time>
      </td>
    </tr>
  );
}

/**
 * Companies (issue 44): every company account, newest first, searched by legal name or tax
 * number, a page at a time (MANAGED_COMPANIES_PAGE_SIZE); each leads to its page.
 */
export function ManagedCompanies() {
  const pages = useKeysetPages({ q: '' });
  const [typed, setTyped] = useState('');
  const companies = useManagedCompaniesPage({ q: pages.filters.q, after: pages.after });
  const searching = pages.filters.q.trim() !== '';

  return (
    <>
      <form
        role="search"
        className="mb-4 flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          pages.search({ q: typed });
        }}
      >
        <label className="flex grow flex-col gap-1 text-sm sm:max-w-xs">
          {words.search}
          <input
            type="search"
            className="input input-sm w-full"
            placeholder={words.searchPlaceholder}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </label>
        <button type="submit" className="btn btn-sm btn-outline max-sm:flex-1">
          {words.search}
        </button>
      </form>
      <QueryBoundary query={companies} keepDataOnError>
        {({ companies: list, total, next }) =>
          list.length === 0 ? (
            <EmptyState message={searching ? words.noMatch : words.none} />
          ) : (
            <>
              {searching ? (
                <p className="text-base-content/70 mb-4 text-sm" aria-live="polite">
                  {words.found(total)}
                </p>
              ) : null}
              <DataTable
                cardsBelow={CARDS_BELOW}
                columns={[
                  { label: columns.legalName },
                  { label: columns.taxNumber },
                  { label: columns.members, numeric: true },
                  { label: columns.admins },
                  { label: columns.checkouts, numeric: true },
                  { label: columns.awaitingApproval, numeric: true },
                  { label: columns.created },
                ]}
              >
                {list.map((company) => (
                  <CompanyRow key={company._id} company={company} />
                ))}
              </DataTable>
              <Pager
                page={pages.page}
                pages={Math.max(1, Math.ceil(total / MANAGED_COMPANIES_PAGE_SIZE))}
                hasNext={next !== null}
                onNext={() => next !== null && pages.next(next)}
                onPrevious={pages.previous}
              />
            </>
          )
        }
      </QueryBoundary>
    </>
  );
}
