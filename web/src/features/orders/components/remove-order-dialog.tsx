import { texts, type Order } from '@tools-factory/contract';
import { RemoveDialog } from '../../../components/ui/remove-dialog';
import { removalDialogProps, type OrderRemoval } from './order-removal';

/** "Remove this order?" with the order's name, Delete and cancel (SPEC.md section 2). */
export function RemoveOrderDialog({ removal }: { removal: OrderRemoval<Order> }) {
  return (
    <RemoveDialog title={texts.orders.confirmRemoveTitle} {...removalDialogProps(removal)}>
      {(shownOrder) => (
        <>
          <p className="text-lg font-semibold">{shownOrder.name}</p>
          <p className="text-base-content/70 mt-1 text-sm">{texts.orders.confirmRemoveBody}</p>
        </>
      )}
    </RemoveDialog>
  );
}
