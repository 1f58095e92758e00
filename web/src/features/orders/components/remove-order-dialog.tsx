import { texts, type Order } from '@tools-factory/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

interface RemoveOrderDialogProps {
  /** The order to remove; null: the dialog is closed. */
  order: Order | null;
  busy: boolean;
  onConfirm: (order: Order) => void;
  onCancel: () => void;
}

/** "Remove this order?" with the order's name, Delete and cancel (SPEC.md section 2). */
export function RemoveOrderDialog({ order, busy, onConfirm, onCancel }: RemoveOrderDialogProps) {
  // The last order asked about stays in the box while it fades out after closing.
  const [shownOrder, setShownOrder] = useState(order);
  if (order && order !== shownOrder) setShownOrder(order);
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
          <p className="text-lg font-semibold">{shownOrder.name}</p>
          <p className="text-base-content/70 mt-1 text-sm">{texts.orders.confirmRemoveBody}</p>
        </>
      ) : null}
    </ConfirmDialog>
  );
}
