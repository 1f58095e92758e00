import { formatMoney, texts, type ManagedOrder } from '@tools-factory/contract';
import { toast } from '../../../lib/toast';
import { useRefundOrder } from '../api/refund-order';

/**
 * Refunds part of an order (issue 42) and, once it went through, says so with its credit note.
 * A refusal is thrown for the dialog to show in the server's words, where the admin is typing.
 * The order's page and the checkout's page share it.
 */
export function useRefundOrderTold() {
  const refundOrder = useRefundOrder();
  async function refund(order: ManagedOrder, amount: number): Promise<void> {
    const { order: refunded, creditNote } = await refundOrder.mutateAsync({
      id: order._id,
      refund: { amount },
    });
    toast.success(
      texts.manageOrders.refund.success(
        formatMoney(creditNote.amount),
        refunded.reference,
        creditNote.number,
      ),
    );
  }
  return { refund, isPending: refundOrder.isPending };
}
