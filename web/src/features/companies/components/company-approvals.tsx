import { formatMoney, texts, type PendingApproval } from '@tools-factory/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { BusyButton } from '../../../components/ui/busy-button';
import { EmailAddress } from '../../../components/ui/email-address';
import { errorMessage } from '../../../lib/api-client';
import { formatCount, formatDateTime } from '../../../lib/format';
import { useApproveCheckout } from '../api/approve-checkout';
import { useRejectCheckout } from '../api/reject-checkout';
import { ActionNotice, failed, succeeded, type Notice } from './action-notice';
import { RejectCheckoutDialog } from './reject-checkout-dialog';

const words = texts.company;

/** The section's id: the admins' e-mail links to /dashborad/company#approvals. */
export const APPROVALS_SECTION_ID = 'approvals';

interface ApprovalCardProps {
  approval: PendingApproval;
  /** This card's decision is on its way. */
  approving: boolean;
  /** A decision is on its way (one at a time: each answer is the whole list as it then stands). */
  deciding: boolean;
  onApprove: (approval: PendingApproval) => void;
  onReject: (approval: PendingApproval) => void;
}

/**
 * A checkout waiting for a decision: its reference and total, who placed it (their PO number)
 * and when, its lines, where its buyer stood against their limit, until when it is held; then
 * Approve and Reject, described by its reference.
 */
function ApprovalCard({ approval, approving, deciding, onApprove, onReject }: ApprovalCardProps) {
  const referenceId = useId();
  return (
    <li aria-labelledby={referenceId} className="card bg-base-100 border-base-300 border shadow-sm">
      <div className="card-body gap-3 p-4 sm:p-6">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h4 id={referenceId} className="font-mono text-lg font-semibold">
            {approval.reference}
          </h4>
          <p className="flex items-baseline gap-2">
            <span className="text-base-content/70 text-sm">{words.total}</span>
            <span className="text-xl font-bold tabular-nums">{formatMoney(approval.total)}</span>
          </p>
        </div>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          <dt className="text-base-content/70">{words.buyer}</dt>
          <dd className="wrap-break-word">
            <span className="font-semibold">{approval.buyer.name}</span>{' '}
            <span className="text-base-content/80">
              <EmailAddress email={approval.buyer.email} />
            </span>
          </dd>
          {approval.poNumber ? (
            <>
              <dt className="text-base-content/70">{words.po}</dt>
              <dd className="font-mono wrap-break-word">{approval.poNumber}</dd>
            </>
          ) : null}
          <dt className="text-base-content/70">{words.placed}</dt>
          <dd>
            <time dateTime={approval.placedAt}>{formatDateTime(approval.placedAt)}</time>
          </dd>
        </dl>
        <ul className="border-base-300 divide-base-300 rounded-box divide-y border text-sm">
          {approval.lines.map((line) => (
            <li key={line.sku} className="flex items-baseline justify-between gap-4 px-3 py-2">
              <span className="min-w-0 wrap-break-word">
                {formatCount(line.quantity)} × {line.name}
                <span className="text-base-content/70 block font-mono text-xs">{line.sku}</span>
              </span>
              <span className="whitespace-nowrap tabular-nums">{formatMoney(line.total)}</span>
            </li>
          ))}
        </ul>
        <div className="flex flex-col gap-1 text-sm">
          <p>
            {approval.monthlyLimit === null
              ? words.limitLifted
              : words.overLimit(
                  formatMoney(approval.spentThisMonth),
                  formatMoney(approval.monthlyLimit),
                )}
          </p>
          <p className="text-base-content/70">
            {words.expiresIfUndecided(formatDateTime(approval.expiresAt))}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <BusyButton
            busy={approving}
            disabled={deciding}
            className="btn-primary btn-sm max-sm:flex-1"
            aria-describedby={referenceId}
            onClick={() => onApprove(approval)}
          >
            {words.approve}
          </BusyButton>
          <button
            type="button"
            className="btn btn-error btn-outline btn-sm max-sm:flex-1"
            disabled={deciding}
            aria-describedby={referenceId}
            onClick={() => onReject(approval)}
          >
            {words.reject}
          </button>
        </div>
      </div>
    </li>
  );
}

interface CompanyApprovalsProps {
  approvals: PendingApproval[];
  notice: Notice | null;
  onNotice: (notice: Notice) => void;
}

/**
 * Orders awaiting approval (issue 44, its admins): each buyer's checkout past their monthly limit,
 * oldest first. Approve makes it payable at once; Reject asks for the reason its buyer is told.
 * Opened from the admins' e-mail (#approvals), the page scrolls to it once it is there.
 */
export function CompanyApprovals({ approvals, notice, onNotice }: CompanyApprovalsProps) {
  const headingId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  const approve = useApproveCheckout();
  const reject = useRejectCheckout();
  const [toReject, setToReject] = useState<PendingApproval | null>(null);
  const approvingId = approve.isPending ? approve.variables : null;

  // The section shows once the company is read: the browser's own jump to #approvals came first.
  useEffect(() => {
    if (hash === `#${APPROVALS_SECTION_ID}`) sectionRef.current?.scrollIntoView();
  }, [hash]);

  function approveCheckout(approval: PendingApproval) {
    approve.mutate(approval.checkoutId, {
      onSuccess: () => onNotice(succeeded('approvals', words.approved(approval.reference))),
      onError: (error) => onNotice(failed('approvals', errorMessage(error))),
    });
  }

  async function rejectCheckout(approval: PendingApproval, reason: string) {
    await reject.mutateAsync({ checkoutId: approval.checkoutId, reason });
    setToReject(null);
    onNotice(succeeded('approvals', words.rejected(approval.reference)));
  }

  return (
    <section
      ref={sectionRef}
      id={APPROVALS_SECTION_ID}
      aria-labelledby={headingId}
      className="flex scroll-mt-4 flex-col gap-3"
    >
      <h3 id={headingId} className="text-xl font-bold">
        {words.approvals}
      </h3>
      <ActionNotice notice={notice} place="approvals" />
      {approvals.length === 0 ? (
        <p className="text-base-content/70">{words.noApprovals}</p>
      ) : (
        <ul className="grid items-start gap-4 xl:grid-cols-2">
          {approvals.map((approval) => (
            <ApprovalCard
              key={approval.checkoutId}
              approval={approval}
              approving={approvingId === approval.checkoutId}
              deciding={approve.isPending || reject.isPending}
              onApprove={approveCheckout}
              onReject={setToReject}
            />
          ))}
        </ul>
      )}
      <RejectCheckoutDialog
        approval={toReject}
        busy={reject.isPending}
        onSend={rejectCheckout}
        onCancel={() => setToReject(null)}
      />
    </section>
  );
}
