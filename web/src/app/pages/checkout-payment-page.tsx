import { useQueryClient } from '@tanstack/react-query';
import { texts } from '@tools-factory/contract';
import { useParams } from 'react-router';
import { useAuth } from '../../features/accounts/hooks/use-auth';
import { ordersQueryKey } from '../../features/orders/api/get-orders';
import { CheckoutPayment } from '../../features/payments/components/checkout-payment';

/**
 * /dashborad/orders/payment/checkout/{checkoutId} (issue 26): every line of a checkout and the
 * one card form that pays them all. Composes accounts (the payer, for Stripe) and payments;
 * once paid, My Orders asks the server again when it opens.
 */
export default function CheckoutPaymentPage() {
  const { checkoutId = '' } = useParams();
  const { user } = useAuth();
  const queryClient = useQueryClient();

  return (
    <section className="px-4 py-8 md:px-8">
      <h2 className="mb-6 text-2xl font-bold">{texts.payment.title}</h2>
      {user ? (
        <CheckoutPayment
          checkoutId={checkoutId}
          payer={{ name: user.name, email: user.email }}
          onPaid={() => void queryClient.invalidateQueries({ queryKey: ordersQueryKey })}
        />
      ) : null}
    </section>
  );
}
