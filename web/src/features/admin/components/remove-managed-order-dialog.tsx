import { texts, type ManagedOrder } from '@tools-factory/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

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
export function RemoveManagedOrderDialog({
  order,
  busy,
  onConfirm,
  onCancel,
}: RemoveManagedOrderDialogProps) {
  // The last order asked about stays in the box while it fades out after closing.
  const [shownOrder, setShownOrder] = useState(order);
  if (order && order !== shownOrder) setShownOrder(order);
  const { columns } = texts.manageOrders;
  return (
    <ConfirmDialog
      open={order !== null}
      title={texts.orders.confirmRemoveTitle}
      confirmLabel={texts.orders.delete}
      cancelLabel={texts.orders.cancel}
      busy={busy}
      onConfirm={() => {
        if (order) onConfirm(order);
      }}
      onCancel={onCancel}
    >
      {shownOrder ? (
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
      ) : null}
    </ConfirmDialog>
  );
}
