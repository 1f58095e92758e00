import {
  formatMoney,
  texts,
  type CancelOrderResponse,
  type ManagedOrder,
} from '@tools-factory/contract';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useCancelOrder } from '../api/cancel-order';

/** The toast of a cancellation: what went back and its credit note, or that nothing did. */
function cancelledText({ order, creditNote }: CancelOrderResponse): string {
  return creditNote
    ? texts.manageOrders.cancelSuccess(
        order.reference,
        formatMoney(creditNote.amount),
        creditNote.number,
      )
    : texts.manageOrders.cancelSuccessWithoutRefund(order.reference);
}

/**
 * Cancels a paid order, refunding what is left of it or not (issue 42), and says how it went:
 * the credit note's toast, that nothing was refunded, or the server's words. `done` runs either
 * way (it closes the confirmation). Manage Orders and the order page share it.
 */
export function useCancelOrderTold() {
  const cancelOrder = useCancelOrder();
  const cancel = (order: ManagedOrder, refund: boolean, done: () => void) =>
    cancelOrder.mutate(
      { id: order._id, refund },
      {
        onSuccess: (answer) => {
          done();
          toast.success(cancelledText(answer));
        },
        onError: (error) => {
          done();
          toast.error(errorMessage(error));
        },
      },
    );
  return { cancel, isPending: cancelOrder.isPending };
}
