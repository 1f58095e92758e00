import { useQueryClient } from '@tanstack/react-query';
import { routes, texts } from '@tools-factory/contract';
import { QueryBoundary } from '../../components/ui/query-boundary';
import { cartQueryKey } from '../../features/cart/api/get-cart';
import { useIsAdmin } from '../../features/identity/api/get-admin';
import { useAuth } from '../../features/identity/hooks/use-auth';
import { useTools } from '../../features/tools/api/tools-query';
import { QuickOrder } from '../../features/cart/components/quick-order';

/**
 * /dashborad/quickorder: lines of SKU and quantity into the cart. Composes the catalog (each line
 * is checked against the tools on sale as it is typed) and quick order.
 */
export default function QuickOrderPage() {
  const tools = useTools();
  const queryClient = useQueryClient();
  // The cart is a customer's: an admin on this page asks for none (403).
  const auth = useAuth();
  const isAdmin = useIsAdmin(auth.status === 'signedIn' ? auth.user.email : undefined);
  return (
    <section className="px-4 py-8 md:px-8">
      <h2 className="mb-6 text-2xl font-bold">{texts.quickOrder.title}</h2>
      <QueryBoundary query={tools}>
        {(catalog) => (
          <QuickOrder
            catalog={catalog}
            cartPath={routes.cart}
            readsCart={isAdmin === false}
            // The cart's count in the dashboard header, and its page, show the lines added.
            onAdded={() => void queryClient.invalidateQueries({ queryKey: cartQueryKey })}
          />
        )}
      </QueryBoundary>
    </section>
  );
}
