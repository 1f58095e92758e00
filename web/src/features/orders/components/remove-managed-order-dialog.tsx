import { texts, type ManagedOrder } from '@tools-factory/contract';
import { RemoveDialog } from '../../../components/ui/remove-dialog';

interface RemoveManagedOrderDialogProps {
  /** The order to remove; null: the dialog is closed. */
  order: ManagedOrder | null;
  busy: boolean;
  onConfirm: (order: ManagedOrder) => void;
  onCancel: () => void;
}

/**
 * "Remove this order?" with the tool, the customer and the quantity (an admin removes other
 * people's orders: the name alone may not say which), Delete and cancel.
 */
export function RemoveManagedOrderDialog({ order, ...actions }: RemoveManagedOrderDialogProps) {
  const { columns } = texts.manageOrders;
  return (
    <RemoveDialog item={order} title={texts.orders.confirmRemoveTitle} {...actions}>
      {(shownOrder) => (
        <>
          <p className="text-lg font-semibold break-words">{shownOrder.name}</p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-base-content/70">{columns.customer}</dt>
            <dd className="min-w-0 break-all">{shownOrder.email}</dd>
            <dt className="text-base-content/70">{columns.quantity}</dt>
            <dd>{shownOrder.quantity}</dd>
          </dl>
          <p className="text-base-content/70 mt-3 text-sm">{texts.orders.confirmRemoveBody}</p>
        </>
      )}
    </RemoveDialog>
  );
}
