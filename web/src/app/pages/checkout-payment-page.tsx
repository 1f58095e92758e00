import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ordersQueryKey } from '../../features/orders/api/get-orders';
import { CheckoutPayment } from '../../features/payments/components/checkout-payment';
import { PaymentSection } from './payment-section';

/**
 * /dashborad/orders/payment/checkout/{checkoutId} (issue 26): every line of a checkout and the
 * one card form that pays them all. Composes identity (the payer, for Stripe) and payments;
 * once paid, My Orders asks the server again when it opens.
 */
export default function CheckoutPaymentPage() {
  const { checkoutId = '' } = useParams();
  const queryClient = useQueryClient();

  return (
    <PaymentSection>
      {(payer) => (
        <CheckoutPayment
          checkoutId={checkoutId}
          payer={payer}
          onPaid={() => void queryClient.invalidateQueries({ queryKey: ordersQueryKey })}
        />
      )}
    </PaymentSection>
  );
}
