import { formatMoney, texts, type ManagedOrder } from '@tools-factory/contract';
import { RemoveDialog } from '../../../components/ui/remove-dialog';
import { ManagedOrderSummary } from './managed-order-summary';
import { leftToRefund } from './refund-amounts';
import { RefundCheckbox, useRefundChoice } from './refund-choice';

const words = texts.manageOrders;

interface CancelOrderDialogProps {
  /** The order to cancel; null: the dialog is closed. */
  order: ManagedOrder | null;
  busy: boolean;
  /** `refund`: what is left of its amount goes back (the server's default when true). */
  onConfirm: (order: ManagedOrder, refund: boolean) => void;
  onCancel: () => void;
}

/**
 * A line on account whose invoice is open (issue 45): no card paid for it (a paid line always has
 * its transaction id), so its amount is credited off the invoice, with no choice to make.
 */
export const onOpenAccount = (order: ManagedOrder): boolean => order.transectionId === null;

/** What the dialog says will happen, and its confirm button's words. */
function cancellationWords(
  left: number,
  refund: boolean,
  onAccount: boolean,
): { body: string; confirm: string } {
  if (left === 0) {
    return { body: words.confirmCancelNothingLeftBody, confirm: words.cancelNothingLeft };
  }
  if (onAccount) {
    return {
      body: words.confirmCancelOnAccountBody(formatMoney(left)),
      confirm: words.cancelConfirmOnAccount(formatMoney(left)),
    };
  }
  return refund
    ? {
        body: words.confirmCancelBody(formatMoney(left)),
        confirm: words.cancelConfirm(formatMoney(left)),
      }
    : { body: words.confirmCancelWithoutRefundBody, confirm: words.cancelWithoutRefund };
}

/**
 * "Cancel this order?" with the tool, the customer and the amount that goes back to the
 * customer's card (issue 22): what is left of the line's total after earlier refunds (issue 42).
 * A checkbox, checked by default, refunds it; unchecked, the order is cancelled and its money
 * kept (no credit note). The confirm button says which, with the amount, so nobody refunds by
 * accident. Nothing left to give back: no checkbox. A shipped order's stock does not go back on
 * sale: the dialog says so.
 */
export function CancelOrderDialog({ order, onConfirm, ...actions }: CancelOrderDialogProps) {
  const { refund, setRefund, last: lastOrder } = useRefundChoice(order);
  const left = lastOrder ? leftToRefund(lastOrder) : 0;
  const onAccount = lastOrder ? onOpenAccount(lastOrder) : false;
  const shown = cancellationWords(left, refund, onAccount);
  return (
    <RemoveDialog
      item={order}
      title={words.confirmCancelTitle}
      confirmLabel={shown.confirm}
      cancelLabel={words.keepOrder}
      onConfirm={(toCancel) => onConfirm(toCancel, left === 0 || refund)}
      {...actions}
    >
      {(shownOrder) => (
        <>
          <ManagedOrderSummary order={shownOrder} withTotal />
          {left > 0 && !onAccount ? (
            <RefundCheckbox
              label={words.refundToCard(formatMoney(left))}
              checked={refund}
              disabled={actions.busy}
              onChange={setRefund}
            />
          ) : null}
          <p className="mt-3 text-sm">{shown.body}</p>
          {shownOrder.shippedAt ? (
            <p className="text-base-content/70 mt-1 text-sm">{words.confirmCancelShipped}</p>
          ) : null}
        </>
      )}
    </RemoveDialog>
  );
}
