import { useQueryClient } from '@tanstack/react-query';
import { isPayable, texts, type Order } from '@tools-factory/contract';
import { useMemo } from 'react';
import { useAuth } from '../../features/identity/hooks/use-auth';
import { toolsQueryKey, useTools } from '../../features/tools/api/tools-query';
import { ordersQueryKey, useOrders } from '../../features/orders/api/get-orders';
import { MyQuotes } from '../../features/quotes/components/my-quotes';

/** The lists My Quotes needs beside the quotes, once the customer's e-mail is known. */
function CustomerQuotes({ email }: { email: string }) {
  const orders = useOrders(email);
  const tools = useTools();
  const queryClient = useQueryClient();
  const unpaidOrderIds = useMemo(
    () =>
      new Set(
        (orders.data ?? []).filter((order) => isPayable(order.status)).map((order) => order._id),
      ),
    [orders.data],
  );
  // The saved ship-to: where the buyer's latest order went, offered again when accepting.
  const savedShipTo = useMemo(() => {
    const latest = (orders.data ?? []).reduce<Order | undefined>(
      (newest, order) => (!newest || order.createdAt > newest.createdAt ? order : newest),
      undefined,
    );
    return latest ? { address: latest.address, phone: latest.phone } : undefined;
  }, [orders.data]);
  const stockOf = useMemo(
    () => new Map((tools.data ?? []).map((tool) => [tool._id, tool.availableQuantity])),
    [tools.data],
  );
  return (
    <MyQuotes
      unpaidOrderIds={unpaidOrderIds}
      stockOf={stockOf}
      savedShipTo={savedShipTo}
      onAccepted={() => {
        void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
        void queryClient.invalidateQueries({ queryKey: toolsQueryKey });
      }}
    />
  );
}

/**
 * /dashborad/myquotes: the signed-in customer's quotes. Composes quotes (the list and its
 * answers), orders (which accepted quote's order is still to pay, and where the latest went: the
 * ship-to Accept starts from) and the catalog (the stock an acceptance is measured against); an
 * accepted offer refreshes both, as it placed an order.
 */
export default function MyQuotesPage() {
  const { user } = useAuth();
  return (
    <section className="px-4 py-8 md:px-8">
      <h2 className="mb-6 text-2xl font-bold">{texts.quotes.title}</h2>
      {user ? <CustomerQuotes email={user.email} /> : null}
    </section>
  );
}
