import { texts, type ManagedOrder } from '@tools-factory/contract';
import { RemoveDialog } from '../../../components/ui/remove-dialog';
import { ManagedOrderSummary } from './managed-order-summary';
import { removalDialogProps, type OrderRemoval } from './order-removal';

/** "Remove this order?" with the tool, the customer and the quantity, Delete and cancel. */
export function RemoveManagedOrderDialog({ removal }: { removal: OrderRemoval<ManagedOrder> }) {
  return (
    <RemoveDialog title={texts.orders.confirmRemoveTitle} {...removalDialogProps(removal)}>
      {(shownOrder) => (
        <>
          <ManagedOrderSummary order={shownOrder} />
          <p className="text-base-content/70 mt-3 text-sm">{texts.orders.confirmRemoveBody}</p>
        </>
      )}
    </RemoveDialog>
  );
}
