import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Checkout, Order } from '@tools-factory/contract';
import { useRef } from 'react';
import { paymentCheckoutQueryOptions } from '../api/get-payment-checkout';
import { recordPayment } from '../api/record-payment';
import { unpaidLines } from '../checkout-lines';
import type { ConfirmCard } from '../components/card-form';

/**
 * Paying a whole checkout (issue 26): the card form confirms the one intent of its unpaid lines,
 * then the payment is recorded on one of them (PATCH /tool/{id}), which pays them all on the
 * server. Resolves with that line as the server answers it; the checkout is asked for again.
 */
export function useCheckoutPayment(checkout: Checkout, onPaid: (paidLine: Order) => void) {
  const queryClient = useQueryClient();
  // As useCardPayment: once charged, Pay again records the same transaction.
  const chargedTransaction = useRef<string | null>(null);
  return useMutation({
    mutationFn: async (confirmCard: ConfirmCard) => {
      const [line] = unpaidLines(checkout);
      if (!line) throw new Error('Nothing is left to pay in this checkout.');
      chargedTransaction.current ??= await confirmCard();
      const recorded = await recordPayment({
        order: line._id,
        transectionId: chargedTransaction.current,
      });
      return recorded.order;
    },
    onSuccess: (paidLine) => {
      void queryClient.invalidateQueries({
        queryKey: paymentCheckoutQueryOptions(checkout._id).queryKey,
      });
      onPaid(paidLine);
    },
  });
}
