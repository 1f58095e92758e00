import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { showOrderAsItStands } from '../../features/orders/api/show-order';
import { PaymentCheckout } from '../../features/payments/components/payment-checkout';
import { PaymentSection } from './payment-section';

/**
 * /dashborad/orders/payment/{id}: the order's summary and card form. Composes identity (the
 * payer's name and e-mail, which Stripe receives with the card), payments, and orders: once paid,
 * My Orders shows the order paid at once and asks the server again when it opens.
 */
export default function PaymentPage() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();

  return (
    <PaymentSection>
      {(payer) => (
        <PaymentCheckout
          orderId={id}
          payer={payer}
          onPaid={(paidOrder) => showOrderAsItStands(queryClient, paidOrder)}
        />
      )}
    </PaymentSection>
  );
}
