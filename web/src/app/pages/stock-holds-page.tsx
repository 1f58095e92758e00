import { texts } from '@tools-factory/contract';
import { StockHolds } from '../../features/holds/components/stock-holds';
import { useRefreshManagedOrders } from '../../features/orders/api/get-managed-orders';
import { useRefreshTools } from '../../features/tools/api/tools-query';

/**
 * /dashborad/holds (admins): who holds stock with unpaid orders, and Release. Holds, orders and
 * the catalog: released orders are gone from Manage Orders and their stock is back on sale, so
 * both are asked for again.
 */
export default function StockHoldsPage() {
  const refreshManagedOrders = useRefreshManagedOrders();
  const refreshTools = useRefreshTools();
  return (
    <section className="px-4 py-8 md:px-8">
      <h2 className="mb-2 text-2xl font-bold">{texts.manageHolds.title}</h2>
      <p className="text-base-content/80 mb-6 max-w-prose text-sm">{texts.manageHolds.intro}</p>
      <StockHolds onOrdersRemoved={refreshManagedOrders} onStockReturned={refreshTools} />
    </section>
  );
}
