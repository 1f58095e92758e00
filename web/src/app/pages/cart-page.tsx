import { useQuery } from '@tanstack/react-query';
import { texts } from '@tools-factory/contract';
import { Spinner } from '../../components/ui/spinner';
import { adminCheckQueryOptions } from '../../features/identity/api/get-admin';
import { useAuth } from '../../features/identity/hooks/use-auth';
import CartPage from '../../features/cart/pages/cart-page';
import { useMyShipTo } from '../../features/companies/api/company-addresses';
import { useMyPaymentTerms, useMySpending } from '../../features/companies/api/get-my-company';
import { RequestQuoteFromCart } from '../../features/quotes/components/request-quote-from-cart';

/**
 * /cart: the signed-in customer's cart (the cart feature's page). Composes identity (who is
 * signed in, admin or not), the cart, quotes (a quote for every line, under the checkout) and
 * companies (a company buyer's monthly limit and ship-to addresses, issue 44, and its terms
 * with the shop, issue 45: the Company page's own answer, cached once for all): an admin does not buy, and is told so here rather than asking the server for
 * a cart it refuses (403).
 */
export default function CartRoutePage() {
  const { user } = useAuth();
  const adminCheck = useQuery(adminCheckQueryOptions(user?.email));
  // No limit known (none, no company, or no answer): the cart says nothing of one.
  const spending = useMySpending({ enabled: adminCheck.data?.admin === false });
  // Its company's ship-to addresses, offered at checkout (issue 44): the same answer again.
  const shipTo = useMyShipTo({ enabled: adminCheck.data?.admin === false });
  // Its terms with the shop (issue 45): paying on account, the PO rule. The same answer again.
  const account = useMyPaymentTerms({ enabled: adminCheck.data?.admin === false });
  if (adminCheck.isPending) return <Spinner />;
  // A failed check leaves the answer to the server, which says the same to an admin.
  if (adminCheck.data?.admin !== true) {
    return (
      <CartPage
        spending={spending.data}
        shipTo={shipTo.data}
        account={account.data}
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
