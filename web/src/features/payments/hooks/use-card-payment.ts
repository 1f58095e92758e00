import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@tools-factory/contract';
import { useRef } from 'react';
import { paymentOrderQueryOptions } from '../api/get-payment-order';
import { recordPayment } from '../api/record-payment';
import type { ConfirmCard } from '../components/card-form';

/**
 * Paying an order: the card form confirms the card with the gateway, then the payment is
 * recorded (PATCH /tool/{id}), which the server checks with the gateway. Resolves with the paid
 * order as the server answers it.
 */
export function useCardPayment(order: Order, onPaid: (paidOrder: Order) => void) {
  const queryClient = useQueryClient();
  // Once the card is charged, a Pay after a failed recording (no answer, say) records the same
  // transaction again instead of confirming the card a second time.
  const chargedTransaction = useRef<string | null>(null);
  return useMutation({
    mutationFn: async (confirmCard: ConfirmCard) => {
      chargedTransaction.current ??= await confirmCard();
      const recorded = await recordPayment({
        order: order._id,
        transectionId: chargedTransaction.current,
      });
      return recorded.order;
    },
    onSuccess: (paidOrder) => {
      queryClient.setQueryData(paymentOrderQueryOptions(paidOrder._id).queryKey, paidOrder);
      onPaid(paidOrder);
    },
  });
}
