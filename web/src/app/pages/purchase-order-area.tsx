import { useQueryClient } from '@tanstack/react-query';
import type { Tool } from '@tools-factory/contract';
import { useIsAdmin } from '../../features/identity/api/get-admin';
import { useAuth } from '../../features/identity/hooks/use-auth';
import { AddToCartButton } from '../../features/cart/components/add-to-cart-button';
import { toolsQueryKey } from '../../features/tools/api/tools-query';
import { PurchaseForm } from '../../features/orders/components/purchase-form';
import { RequestQuote } from '../../features/quotes/components/request-quote';

export interface OrderAreaProps {
  tool: Tool;
  quantity: number | null;
  onQuantityChange(quantity: number | null): void;
}

/**
 * The purchase page's order form and quote request, for the signed-in customer: a chunk of its
 * own (with the order and quote rules), loaded once the page has hydrated (issue 27).
 */
export function OrderArea({ tool, quantity, onQuantityChange }: OrderAreaProps) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  // The cart is a customer's: an admin sees Place Order alone.
  const isAdmin = useIsAdmin(user?.email);
  if (!user) return null;
  return (
    <>
      <PurchaseForm
        tool={tool}
        customer={{ name: user.name, email: user.email }}
        onQuantityChange={onQuantityChange}
        onOrderSettled={() => void queryClient.invalidateQueries({ queryKey: toolsQueryKey })}
        besidePlaceOrder={
          isAdmin === false
            ? (typed) => <AddToCartButton toolId={tool._id} toolName={tool.name} quantity={typed} />
            : undefined
        }
      />
      <RequestQuote tool={tool} typedQuantity={quantity} className="lg:col-start-2" />
    </>
  );
}
