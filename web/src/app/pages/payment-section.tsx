import { texts } from '@tools-factory/contract';
import type { ReactNode } from 'react';
import { useAuth } from '../../features/identity/hooks/use-auth';
import type { Payer } from '../../features/payments/components/card-form';

/**
 * What the two payment pages (an order's, a checkout's) share: the title, and what pays, once the
 * payer is known: the signed-in user, whose name and e-mail Stripe receives with the card.
 */
export function PaymentSection({ children }: { children: (payer: Payer) => ReactNode }) {
  const { user } = useAuth();
  return (
    <section className="px-4 py-8 md:px-8">
      <h2 className="mb-6 text-2xl font-bold">{texts.payment.title}</h2>
      {user ? children({ name: user.name, email: user.email }) : null}
    </section>
  );
}
