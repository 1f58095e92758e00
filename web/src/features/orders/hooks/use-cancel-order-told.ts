import { formatMoney, texts, type ManagedOrder } from '@tools-factory/contract';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useCancelOrder } from '../api/cancel-order';

/**
 * Cancels a paid order and says how it went: the credit note's toast, or the server's words.
 * `done` runs either way (it closes the confirmation). Manage Orders and the order page share it.
 */
export function useCancelOrderTold() {
  const cancelOrder = useCancelOrder();
  const cancel = (order: ManagedOrder, done: () => void) =>
    cancelOrder.mutate(order._id, {
      onSuccess: ({ order: cancelled, creditNote: note }) => {
        done();
        toast.success(
          texts.manageOrders.cancelSuccess(
            cancelled.reference,
            formatMoney(note.amount),
            note.number,
          ),
        );
      },
      onError: (error) => {
        done();
        toast.error(errorMessage(error));
      },
    });
  return { cancel, isPending: cancelOrder.isPending };
}
