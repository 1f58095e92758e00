import { useQuery } from '@tanstack/react-query';
import { texts } from '@tools-factory/contract';
import { Spinner } from '../../components/ui/spinner';
import { adminCheckQueryOptions } from '../../features/identity/api/get-admin';
import { useAuth } from '../../features/identity/hooks/use-auth';
import CartPage from '../../features/cart/pages/cart-page';
import { RequestQuoteFromCart } from '../../features/quotes/components/request-quote-from-cart';

/**
 * /cart: the signed-in customer's cart (the cart feature's page). Composes identity (who is
 * signed in, admin or not), the cart, and quotes (a quote for every line, under the checkout):
 * an admin does not buy, and is told so here rather than asking the server for a cart it
 * refuses (403).
 */
export default function CartRoutePage() {
  const { user } = useAuth();
  const adminCheck = useQuery(adminCheckQueryOptions(user?.email));
  if (adminCheck.isPending) return <Spinner />;
  // A failed check leaves the answer to the server, which says the same to an admin.
  if (adminCheck.data?.admin !== true) {
    return (
      <CartPage
        besideCheckout={(cart, onRefusedLines) => (
          <RequestQuoteFromCart lineCount={cart.lines.length} onRefusedLines={onRefusedLines} />
        )}
      />
    );
  }
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 md:py-12">
      <h1 className="mb-4 text-3xl font-bold">{texts.cart.title}</h1>
      <p>{texts.cart.errors.customersOnly}</p>
    </section>
  );
}
