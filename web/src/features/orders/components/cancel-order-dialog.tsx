import { formatMoney, texts, type ManagedOrder } from '@tools-factory/contract';
import { RemoveDialog } from '../../../components/ui/remove-dialog';
import { ManagedOrderSummary } from './managed-order-summary';

interface CancelOrderDialogProps {
  /** The order to cancel; null: the dialog is closed. */
  order: ManagedOrder | null;
  busy: boolean;
  onConfirm: (order: ManagedOrder) => void;
  onCancel: () => void;
}

/**
 * "Cancel this order?" with the tool, the customer and the amount that goes back to the
 * customer's card (issue 22): the confirm button names the amount too, so nobody refunds by
 * accident. A shipped order's stock does not go back on sale: the dialog says so.
 */
export function CancelOrderDialog({ order, ...actions }: CancelOrderDialogProps) {
  const amount = order ? formatMoney(order.total) : '';
  return (
    <RemoveDialog
      item={order}
      title={texts.manageOrders.confirmCancelTitle}
      confirmLabel={texts.manageOrders.cancelConfirm(amount)}
      cancelLabel={texts.manageOrders.keepOrder}
      {...actions}
    >
      {(shownOrder) => (
        <>
          <ManagedOrderSummary order={shownOrder} withTotal />
          <p className="mt-3 text-sm">
            {texts.manageOrders.confirmCancelBody(formatMoney(shownOrder.total))}
          </p>
          {shownOrder.shippedAt ? (
            <p className="text-base-content/70 mt-1 text-sm">
              {texts.manageOrders.confirmCancelShipped}
            </p>
          ) : null}
        </>
      )}
    </RemoveDialog>
  );
}
