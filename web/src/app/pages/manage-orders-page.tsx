import { texts } from '@tools-factory/contract';
import { useRefreshTools } from '../../features/tools/api/tools-query';
import { ManageOrders } from '../../features/orders/components/manage-orders';

/**
 * /dashborad/allorders (admins): every order, with Ship and Remove. Orders and the catalog: a
 * removed unpaid order's quantity is back on sale, so the catalog is asked for again.
 */
export default function ManageOrdersPage() {
  const refreshTools = useRefreshTools();
  return (
    <section className="px-4 py-8 md:px-8">
      <h2 className="mb-6 text-2xl font-bold">{texts.dashboard.manageOrders}</h2>
      <ManageOrders onStockReturned={refreshTools} />
    </section>
  );
}
