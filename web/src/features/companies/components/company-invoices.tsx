import { formatMoney, texts, type OpenInvoice } from '@tools-factory/contract';
import { useId } from 'react';
import { BusyButton } from '../../../components/ui/busy-button';
import { CardLabel, cardRow, DataTable, labelledCell } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { errorMessage } from '../../../lib/api-client';
import { formatDay } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useDownloadCompanyInvoice } from '../api/download-company-invoice';
import { useCompanyInvoices } from '../api/get-company-invoices';

const words = texts.receivables.company;
// Eight columns beside the dashboard's menu do not fit below 1280 px: cards there.
const CARDS_BELOW = 'xl';
const valueCell = labelledCell(CARDS_BELOW);

/** An instant as its calendar day in UTC, as the invoice's PDF prints its dates. */
const dayOf = (iso: string) => formatDay(iso.slice(0, 10));

interface InvoiceRowProps {
  invoice: OpenInvoice;
  isAdmin: boolean;
  numberId: string;
  downloading: boolean;
  onDownload: () => void;
}

/**
 * How late it is, in words: whole days past its due date as the server counts them, or past due
 * since less than a day (the company's checkouts on account are paused from the due time on).
 */
function lateness(invoice: OpenInvoice): string | null {
  if (invoice.daysOverdue > 0) return words.daysOverdue(invoice.daysOverdue);
  return Date.parse(invoice.dueAt) < Date.now() ? words.pastDue : null;
}

function InvoiceRow({ invoice, isAdmin, numberId, downloading, onDownload }: InvoiceRowProps) {
  const late = lateness(invoice);
  return (
    <tr className={cardRow(CARDS_BELOW)}>
      <th scope="row" className="align-top font-normal md:max-xl:col-span-2">
        <span id={numberId} className="font-mono font-semibold whitespace-nowrap">
          {invoice.number}
        </span>
        {/* Its admins see every buyer's: who ordered it. */}
        {isAdmin && invoice.buyerName ? (
          <span className="text-base-content/80 block text-sm wrap-break-word">
            <span className="sr-only">{words.buyer}: </span>
            {invoice.buyerName}
          </span>
        ) : null}
      </th>
      <td className={`${valueCell} align-top`}>
        <CardLabel below={CARDS_BELOW}>{words.poNumber}</CardLabel>
        {invoice.poNumber ? (
          <span className="font-mono wrap-break-word">{invoice.poNumber}</span>
        ) : (
          <span className="text-base-content/70">{words.noPoNumber}</span>
        )}
      </td>
      <td className={`${valueCell} align-top`}>
        <CardLabel below={CARDS_BELOW}>{words.issued}</CardLabel>
        <time dateTime={invoice.issuedAt} className="whitespace-nowrap">
          {dayOf(invoice.issuedAt)}
        </time>
      </td>
      <td className={`${valueCell} align-top`}>
        <CardLabel below={CARDS_BELOW}>{words.due}</CardLabel>
        <span className="flex flex-wrap items-center justify-end gap-1 xl:flex-col xl:items-start">
          <time dateTime={invoice.dueAt} className="whitespace-nowrap">
            {dayOf(invoice.dueAt)}
          </time>
          {late ? (
            <span className="badge badge-warning badge-sm whitespace-nowrap">{late}</span>
          ) : null}
        </span>
      </td>
      <td className={`${valueCell} align-top tabular-nums xl:text-right`}>
        <CardLabel below={CARDS_BELOW}>{words.total}</CardLabel>
        <span className="whitespace-nowrap">{formatMoney(invoice.total)}</span>
      </td>
      <td className={`${valueCell} align-top tabular-nums xl:text-right`}>
        <CardLabel below={CARDS_BELOW}>{words.received}</CardLabel>
        <span className="whitespace-nowrap">{formatMoney(invoice.received)}</span>
      </td>
      <td className={`${valueCell} align-top tabular-nums xl:text-right`}>
        <CardLabel below={CARDS_BELOW}>{words.open}</CardLabel>
        <span className="font-semibold whitespace-nowrap">{formatMoney(invoice.open)}</span>
      </td>
      <td className="align-top max-xl:pt-2! md:max-xl:col-span-2">
        <BusyButton
          busy={downloading}
          className="btn-sm btn-outline whitespace-nowrap max-sm:w-full"
          aria-describedby={numberId}
          onClick={onDownload}
        >
          {downloading ? words.downloadingPdf : words.downloadPdf}
        </BusyButton>
      </td>
    </tr>
  );
}

function InvoicesTable({ invoices, isAdmin }: { invoices: OpenInvoice[]; isAdmin: boolean }) {
  const idPrefix = useId();
  const download = useDownloadCompanyInvoice();
  return (
    <DataTable
      cardsBelow={CARDS_BELOW}
      // Eight columns beside the menu at 1280 px: a little less room between them than daisyUI's.
      className="xl:[&_td]:px-3 xl:[&_th]:px-3"
      columns={[
        { label: words.invoice },
        { label: words.poNumber },
        { label: words.issued },
        { label: words.due },
        { label: words.total, numeric: true },
        { label: words.received, numeric: true },
        { label: words.open, numeric: true },
        { label: words.pdf },
      ]}
    >
      {invoices.map((invoice) => (
        <InvoiceRow
          key={invoice._id}
          invoice={invoice}
          isAdmin={isAdmin}
          numberId={`${idPrefix}-${invoice._id}`}
          downloading={download.isPending && download.variables._id === invoice._id}
          onDownload={() =>
            download.mutate(invoice, { onError: (error) => toast.error(errorMessage(error)) })
          }
        />
      ))}
    </DataTable>
  );
}

interface CompanyInvoicesProps {
  /** The company buys on account (it has payment terms): the card shows even with none open. */
  onTerms: boolean;
  isAdmin: boolean;
}

/**
 * The company's open invoices on account (issue 45) on its Company page: its admins see every
 * one, a buyer those of their own checkouts; each with its due date (and how many days it is
 * past it), what was received and what is open, and its PDF. A company without payment terms
 * shows the card only while invoices of its are still open (its terms were taken back since).
 */
export function CompanyInvoices({ onTerms, isAdmin }: CompanyInvoicesProps) {
  const headingId = useId();
  const invoices = useCompanyInvoices();
  const listed = invoices.data?.invoices ?? [];
  if (!onTerms && listed.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="text-xl font-bold">
        {words.title}
      </h3>
      <p className="text-base-content/70 text-sm">
        {isAdmin ? words.adminsIntro : words.buyersIntro}
      </p>
      <QueryBoundary query={invoices} keepDataOnError>
        {({ invoices: open }) =>
          open.length === 0 ? (
            <EmptyState message={isAdmin ? words.noneOpen : words.noneOpenOfYours} />
          ) : (
            <InvoicesTable invoices={open} isAdmin={isAdmin} />
          )
        }
      </QueryBoundary>
    </section>
  );
}
