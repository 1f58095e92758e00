import {
  formatMoney,
  routes,
  texts,
  type CompanyReceivables,
  type Receivable,
  type Receivables as ReceivablesAnswer,
  type RecordInvoicePayment,
} from '@tools-factory/contract';
import { useId, useState } from 'react';
import { FaCheckCircle } from 'react-icons/fa';
import { Link } from 'react-router';
import { CardLabel, cardRow, DataTable, labelledCell } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { formatCount, formatDateTime, formatDay } from '../../../lib/format';
import { useReceivables } from '../api/get-receivables';
import { useRecordInvoicePayment } from '../api/record-invoice-payment';
import { RecordPaymentDialog, type PaymentTarget } from './record-payment-dialog';

const words = texts.receivables.page;

/** Eight columns beside the dashboard's menu: a table from xl, each invoice a card below. */
const BELOW = 'xl';

/** An instant's day as the invoice prints it (in UTC): 'Jan 6, 2027'. */
const dayOf = (iso: string) => formatDay(iso.slice(0, 10));

const columns = [
  { label: words.columns.number },
  { label: words.columns.issued },
  { label: words.columns.due },
  // Over two lines: its figures are a few digits wide.
  { label: words.columns.daysOverdue, numeric: true, wrap: true },
  { label: words.columns.total, numeric: true },
  { label: words.columns.received, numeric: true },
  { label: words.columns.open, numeric: true },
  { label: words.columns.actions },
];

/** The three figures at the top: what is open, what of it is overdue, how many invoices. */
function Totals({ totals }: { totals: ReceivablesAnswer['totals'] }) {
  const figures = [
    { term: words.open, value: formatMoney(totals.open) },
    { term: words.overdue, value: formatMoney(totals.overdue), warn: totals.overdue > 0 },
    { term: words.invoices, value: formatCount(totals.invoices) },
  ];
  return (
    <dl aria-label={words.totals} className="grid gap-4 sm:grid-cols-3">
      {figures.map(({ term, value, warn }) => (
        // The card is the dl's own group: a dt and its dd right inside it.
        <div key={term} className="card bg-base-100 border-base-300 gap-1 border p-4 shadow-sm">
          <dt className="text-base-content/70 text-sm">{term}</dt>
          <dd className={`text-2xl font-bold tabular-nums ${warn ? 'text-error' : ''}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The days past due: in a warning badge once past it, and on its first day (0 whole days, yet
 * counted overdue as the server counts it) said so.
 */
function DaysOverdue({ invoice, asOf }: { invoice: Receivable; asOf: string }) {
  if (invoice.daysOverdue > 0) {
    return (
      <span className="badge badge-warning font-semibold">{formatCount(invoice.daysOverdue)}</span>
    );
  }
  return Date.parse(invoice.dueAt) < Date.parse(asOf) ? (
    <span className="badge badge-warning font-semibold whitespace-nowrap">{words.pastDue}</span>
  ) : (
    <span>{formatCount(0)}</span>
  );
}

/** The payments recorded so far against an invoice: day, amount and bank reference. */
function Payments({ invoice }: { invoice: Receivable }) {
  return (
    <div className="text-sm">
      <p className="text-base-content/70 text-xs font-semibold">{words.paymentsHeading}</p>
      <ul aria-label={words.payments(invoice.number)} className="flex flex-col gap-0.5">
        {invoice.payments.map((payment) => (
          <li key={payment._id} className="break-words">
            {words.paymentLine(
              formatDay(payment.receivedOn),
              formatMoney(payment.amount),
              payment.bankReference,
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * One invoice's row (its card below xl): its number (the checkout's page), PO number and buyer,
 * its days and figures, Record payment; its payments in a row of their own under it.
 */
function InvoiceRows({
  invoice,
  asOf,
  onRecord,
}: {
  invoice: Receivable;
  /** When the list was read: what its days overdue count from. */
  asOf: string;
  onRecord: (invoice: Receivable) => void;
}) {
  const cell = labelledCell(BELOW);
  const figure = `${cell} text-right tabular-nums whitespace-nowrap`;
  const hasPayments = invoice.payments.length > 0;
  return (
    <>
      <tr className={`${cardRow(BELOW)} ${hasPayments ? 'border-b-0' : ''}`}>
        <td className={cell}>
          <CardLabel below={BELOW}>{words.columns.number}</CardLabel>
          <span className="min-w-0 text-right break-words xl:text-left">
            {invoice.checkoutId ? (
              <Link
                to={routes.dashboardManagedCheckout(invoice.checkoutId)}
                className="link font-mono font-semibold whitespace-nowrap"
              >
                {invoice.number}
              </Link>
            ) : (
              <span className="font-mono font-semibold whitespace-nowrap">{invoice.number}</span>
            )}
            <span className="block text-xs">
              {invoice.poNumber ? words.poNumber(invoice.poNumber) : words.noPoNumber}
            </span>
            <span className="text-base-content/70 block text-xs">
              {words.buyer(invoice.buyerName)}
            </span>
          </span>
        </td>
        <td className={`${cell} whitespace-nowrap`}>
          <CardLabel below={BELOW}>{words.columns.issued}</CardLabel>
          {dayOf(invoice.issuedAt)}
        </td>
        <td className={`${cell} whitespace-nowrap`}>
          <CardLabel below={BELOW}>{words.columns.due}</CardLabel>
          {dayOf(invoice.dueAt)}
        </td>
        <td className={figure}>
          <CardLabel below={BELOW}>{words.columns.daysOverdue}</CardLabel>
          <DaysOverdue invoice={invoice} asOf={asOf} />
        </td>
        <td className={figure}>
          <CardLabel below={BELOW}>{words.columns.total}</CardLabel>
          <span>
            {formatMoney(invoice.total)}
            {invoice.credited > 0 ? (
              <span className="text-base-content/70 block text-xs">
                {words.credited(formatMoney(invoice.credited))}
              </span>
            ) : null}
          </span>
        </td>
        <td className={figure}>
          <CardLabel below={BELOW}>{words.columns.received}</CardLabel>
          {formatMoney(invoice.received)}
        </td>
        <td className={`${figure} font-semibold`}>
          <CardLabel below={BELOW}>{words.columns.open}</CardLabel>
          {formatMoney(invoice.open)}
        </td>
        <td className="md:max-xl:col-span-2">
          <button
            type="button"
            className="btn btn-sm btn-primary whitespace-nowrap max-sm:w-full"
            aria-label={words.recordPaymentLabel(invoice.number)}
            onClick={() => onRecord(invoice)}
          >
            {words.recordPayment}
          </button>
        </td>
      </tr>
      {hasPayments ? (
        <tr className={cardRow(BELOW)}>
          <td colSpan={columns.length} className="md:max-xl:col-span-2">
            <Payments invoice={invoice} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** A company's open invoices under its legal name and its figures, the earliest due first. */
function CompanySection({
  company,
  asOf,
  onRecord,
}: {
  company: CompanyReceivables;
  asOf: string;
  onRecord: (target: PaymentTarget) => void;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={headingId} className="text-lg font-semibold break-words">
          {company.legalName}
        </h3>
        <p className="text-base-content/80 text-sm">
          {words.companyFigures(
            formatMoney(company.open),
            formatMoney(company.overdue),
            company.invoices.length,
          )}
        </p>
      </div>
      <DataTable columns={columns} cardsBelow={BELOW}>
        {company.invoices.map((invoice) => (
          <InvoiceRows
            key={invoice._id}
            invoice={invoice}
            asOf={asOf}
            onRecord={(chosen) => onRecord({ invoice: chosen, legalName: company.legalName })}
          />
        ))}
      </DataTable>
    </section>
  );
}

/** What the last payment recorded came to, said above the list until the next one. */
function RecordedNote({ note }: { note: string | null }) {
  return (
    <div role="status" className="empty:hidden">
      {note ? (
        // The page's own text colour: daisyUI's green on its pale green ground is 3.2:1.
        <p className="alert alert-success alert-soft text-base-content text-sm">
          <FaCheckCircle aria-hidden="true" className="text-success shrink-0" />
          {note}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Receivables (shop admins, issue 45): the totals, then every company with open invoices on
 * account, each invoice with its payments so far and Record payment. A payment recorded is said
 * above the list, which is asked for again: an invoice paid in full leaves it (its checkout is
 * paid). The same bank reference sent again records nothing and says so.
 */
export function Receivables() {
  const receivables = useReceivables();
  const record = useRecordInvoicePayment();
  const [target, setTarget] = useState<PaymentTarget | null>(null);
  const [note, setNote] = useState<string | null>(null);

  async function send(chosen: PaymentTarget, payment: RecordInvoicePayment) {
    const known = new Set(chosen.invoice.payments.map((recorded) => recorded._id));
    const answer = await record.mutateAsync({ invoiceId: chosen.invoice._id, payment });
    const amount = formatMoney(answer.payment.amount);
    const number = answer.invoice.number;
    setNote(
      known.has(answer.payment._id)
        ? words.alreadyRecorded(amount, number)
        : [words.recorded(amount, number), answer.settled ? words.settled(number) : null]
            .filter(Boolean)
            .join(' '),
    );
    setTarget(null);
  }

  return (
    <QueryBoundary query={receivables}>
      {({ asOf, totals, companies }) => (
        <div className="flex flex-col gap-6">
          <RecordedNote note={note} />
          {companies.length === 0 ? (
            <EmptyState message={words.empty} />
          ) : (
            <>
              <div className="flex flex-col gap-2">
                <Totals totals={totals} />
                <p className="text-base-content/80 text-xs">{words.asOf(formatDateTime(asOf))}</p>
              </div>
              {companies.map((company) => (
                <CompanySection
                  key={company.companyId ?? company.legalName}
                  company={company}
                  asOf={asOf}
                  onRecord={(chosen) => {
                    setNote(null);
                    setTarget(chosen);
                  }}
                />
              ))}
            </>
          )}
          <RecordPaymentDialog
            target={target}
            busy={record.isPending}
            onSend={send}
            onClose={() => setTarget(null)}
          />
        </div>
      )}
    </QueryBoundary>
  );
}
