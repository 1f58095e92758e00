import { texts, type Order } from '@tools-factory/contract';
import { RemoveDialog } from '../../../components/ui/remove-dialog';

interface RemoveOrderDialogProps {
  /** The order to remove; null: the dialog is closed. */
  order: Order | null;
  busy: boolean;
  onConfirm: (order: Order) => void;
  onCancel: () => void;
}

/** "Remove this order?" with the order's name, Delete and cancel (SPEC.md section 2). */
export function RemoveOrderDialog({ order, ...actions }: RemoveOrderDialogProps) {
  return (
    <RemoveDialog item={order} title={texts.orders.confirmRemoveTitle} {...actions}>
      {(shownOrder) => (
        <>
          <p className="text-lg font-semibold">{shownOrder.name}</p>
          <p className="text-base-content/70 mt-1 text-sm">{texts.orders.confirmRemoveBody}</p>
        </>
      )}
    </RemoveDialog>
  );
}
