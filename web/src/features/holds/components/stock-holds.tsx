import { useState, type FormEvent } from 'react';
import {
  formatMoney,
  NEAR_HOLD_LIMIT,
  SetHoldLimitSchema,
  STOCK_HOLDS_PAGE_SIZE,
  texts,
  type StockHold,
} from '@tools-factory/contract';
import { BusyButton } from '../../../components/ui/busy-button';
import { ColumnHeads } from '../../../components/ui/column-heads';
import { EmailAddress } from '../../../components/ui/email-address';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pager } from '../../../components/ui/pager';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { RemoveDialog } from '../../../components/ui/remove-dialog';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useConfirmedAction } from '../../../lib/use-confirmed-action';
import { useKeysetPages } from '../../../lib/use-keyset-pages';
import { useStockHoldsPage } from '../api/get-stock-holds';
import { useReleaseHolds, type ReleasedHoldsOptions } from '../api/release-holds';
import { useSetHoldLimit } from '../api/set-hold-limit';
import { formatCount } from '../../../lib/format';

const t = texts.manageHolds;

/** Dates in the admin's own time zone: the day and the time. */
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const shown = (iso: string) => dateTime.format(new Date(iso));

/**
 * What the account holds against its limit (docs/architecture.md#orders): the value, the limit and where
 * it comes from, a bar, and a badge once it is near or past it.
 */
function HoldLimitUse({ hold }: { hold: StockHold }) {
  const used = hold.limit > 0 ? hold.total / hold.limit : 1;
  const badge =
    hold.total > hold.limit
      ? { className: 'badge-error', text: t.overLimit }
      : used >= NEAR_HOLD_LIMIT
        ? { className: 'badge-warning', text: t.nearLimit }
        : null;
  return (
    <div className="flex flex-col gap-1 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <span>{t.limitUse(formatMoney(hold.total), formatMoney(hold.limit))}</span>
        {badge ? <span className={`badge ${badge.className}`}>{badge.text}</span> : null}
      </p>
      <progress
        className={`progress w-full max-w-xs ${badge ? 'progress-warning' : 'progress-success'}`}
        value={Math.min(used, 1) * 100}
        max={100}
        aria-label={t.limitUse(formatMoney(hold.total), formatMoney(hold.limit))}
      />
      <p className="text-base-content/70 text-xs">{t.limitSources[hold.limitSource]}</p>
    </div>
  );
}

/** An admin's control of the account's limit: a new amount, or its default again. */
function HoldLimitForm({ hold }: { hold: StockHold }) {
  const setLimit = useSetHoldLimit();
  const [typed, setTyped] = useState(String(hold.limit));
  const [error, setError] = useState<string | undefined>(undefined);

  function send(limit: number | null) {
    setError(undefined);
    setLimit.mutate(
      { userId: hold.userId, limit },
      {
        onSuccess: (answer) => toast.success(t.limitSet(hold.name, formatMoney(answer.limit))),
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The server's own schema: the same words here as in its 400.
    const parsed = SetHoldLimitSchema.safeParse({ limit: typed.trim() });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    send(parsed.data.limit);
  }

  return (
    <form className="flex flex-wrap items-end gap-2" onSubmit={submit} noValidate>
      <TextField
        label={t.limitLabel(hold.name)}
        inputMode="decimal"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        error={error}
        className="w-full max-w-56"
      />
      <BusyButton
        type="submit"
        busy={setLimit.isPending}
        className="btn-sm"
        aria-label={t.setLimitLabel(hold.name)}
      >
        {t.setLimit}
      </BusyButton>
      {hold.limitSource === 'account' ? (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={setLimit.isPending}
          aria-label={t.defaultLimitLabel(hold.name)}
          onClick={() => send(null)}
        >
          {t.defaultLimit}
        </button>
      ) : null}
    </form>
  );
}

/** One account's holds: who, verified or not, what it holds against its limit, and Release. */
function HoldCard({
  hold,
  releasing,
  onRelease,
}: {
  hold: StockHold;
  releasing: boolean;
  onRelease: (hold: StockHold) => void;
}) {
  return (
    <li className="card bg-base-100 border-base-300 border shadow-sm">
      <div className="card-body gap-3 p-4 md:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="text-lg font-semibold break-words">{hold.name}</h3>
            <p className="text-base-content/80 text-sm break-words">
              <EmailAddress email={hold.email} />
            </p>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
              <span className={`badge ${hold.emailVerified ? 'badge-success' : 'badge-warning'}`}>
                {hold.emailVerified ? t.verified : t.unverified}
              </span>
              <span>{t.accountTotal(hold.orders.length, formatMoney(hold.total))}</span>
            </p>
            <div className="mt-2">
              <HoldLimitUse hold={hold} />
            </div>
          </div>
          <BusyButton
            busy={releasing}
            className="btn-error btn-sm max-sm:w-full"
            aria-label={t.releaseLabel(hold.name)}
            onClick={() => onRelease(hold)}
          >
            {t.release}
          </BusyButton>
        </div>
        <HoldLimitForm key={`${hold.limit}-${hold.limitSource}`} hold={hold} />
        {/* Below sm each order is a small list of its figures: five columns do not fit. */}
        <ul className="flex flex-col gap-2 sm:hidden">
          {hold.orders.map((order) => (
            <li key={order._id} className="border-base-300 border-t pt-2 text-sm">
              <p className="font-medium break-words">{order.name}</p>
              <p className="text-base-content/70 text-xs">
                {order.reference}
                {order.madeToOrder ? ` · ${t.madeToOrder}` : ''}
              </p>
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3">
                <dt className="text-base-content/70">{t.columns.quantity}</dt>
                <dd className="tabular-nums">{formatCount(order.quantity)}</dd>
                <dt className="text-base-content/70">{t.columns.value}</dt>
                <dd className="tabular-nums">{formatMoney(order.total)}</dd>
                <dt className="text-base-content/70">{t.columns.placed}</dt>
                <dd>{shown(order.createdAt)}</dd>
                <dt className="text-base-content/70">{t.columns.holdUntil}</dt>
                <dd>{shown(order.holdUntil)}</dd>
              </dl>
            </li>
          ))}
        </ul>
        <div className="overflow-x-auto max-sm:hidden">
          <table className="table-sm table">
            <ColumnHeads
              columns={[
                { label: t.columns.tool },
                { label: t.columns.quantity, numeric: true },
                { label: t.columns.value, numeric: true },
                { label: t.columns.placed },
                { label: t.columns.holdUntil },
              ]}
            />
            <tbody>
              {hold.orders.map((order) => (
                <tr key={order._id}>
                  <td className="min-w-32 break-words">
                    {order.name}
                    <span className="text-base-content/70 block text-xs">{order.reference}</span>
                    {order.madeToOrder ? (
                      <span className="text-base-content/70 block text-xs">{t.madeToOrder}</span>
                    ) : null}
                  </td>
                  <td className="text-right tabular-nums">{formatCount(order.quantity)}</td>
                  <td className="text-right whitespace-nowrap tabular-nums">
                    {formatMoney(order.total)}
                  </td>
                  <td className="whitespace-nowrap">{shown(order.createdAt)}</td>
                  <td className="whitespace-nowrap">{shown(order.holdUntil)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </li>
  );
}

/**
 * Stock holds (issue 22): every account holding unpaid orders, the largest value first. Release
 * asks first, then removes the account's unpaid orders (their stock back on sale) and says so;
 * `onOrdersRemoved` and `onStockReturned` refresh what that changes elsewhere (the page hands in
 * the orders' and the catalog's refresh). Issue 43: a page of accounts at a time
 * (STOCK_HOLDS_PAGE_SIZE), with Previous and Next under them.
 */
export function StockHolds({ onOrdersRemoved, onStockReturned }: ReleasedHoldsOptions) {
  const pages = useKeysetPages({});
  const holds = useStockHoldsPage(pages.after);
  const release = useConfirmedAction({
    mutation: useReleaseHolds({ onOrdersRemoved, onStockReturned }),
    variablesOf: (hold: StockHold) => hold.userId,
    onDone: ({ deletedCount }, hold) => toast.success(t.released(deletedCount, hold.name)),
  });
  const releasingId = release.busy ? (release.item?.userId ?? null) : null;

  return (
    <QueryBoundary query={holds}>
      {({ holds: list, total, next }) =>
        list.length === 0 && pages.page === 1 ? (
          <EmptyState message={t.empty} />
        ) : (
          <>
            <ul className="flex flex-col gap-4">
              {list.map((hold) => (
                <HoldCard
                  key={hold.userId}
                  hold={hold}
                  releasing={releasingId === hold.userId}
                  onRelease={release.ask}
                />
              ))}
            </ul>
            <Pager
              page={pages.page}
              pages={Math.max(1, Math.ceil(total / STOCK_HOLDS_PAGE_SIZE))}
              hasNext={next !== null}
              onNext={() => next !== null && pages.next(next)}
              onPrevious={pages.previous}
            />
            <RemoveDialog
              item={release.item}
              title={release.item ? t.confirmReleaseTitle(release.item.name) : ''}
              confirmLabel={t.releaseConfirm}
              cancelLabel={t.cancel}
              busy={release.busy}
              onConfirm={release.confirm}
              onCancel={release.cancel}
            >
              {(hold) => (
                <>
                  <p className="font-semibold break-words">
                    <EmailAddress email={hold.email} />
                  </p>
                  <p className="mt-1 text-sm">
                    {t.accountTotal(hold.orders.length, formatMoney(hold.total))}
                  </p>
                  <p className="text-base-content/70 mt-3 text-sm">{t.confirmReleaseBody}</p>
                </>
              )}
            </RemoveDialog>
          </>
        )
      }
    </QueryBoundary>
  );
}
