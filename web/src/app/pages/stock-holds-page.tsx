import { texts } from '@tools-factory/contract';
import { useRefreshTools } from '../../features/tools/api/tools-query';
import { StockHolds } from '../../features/orders/components/stock-holds';

/**
 * /dashborad/holds (admins): who holds stock with unpaid orders, and Release. Orders and the
 * catalog: released stock is back on sale, so the catalog is asked for again.
 */
export default function StockHoldsPage() {
  const refreshTools = useRefreshTools();
  return (
    <section className="px-4 py-8 md:px-8">
      <h2 className="mb-2 text-2xl font-bold">{texts.manageHolds.title}</h2>
      <p className="text-base-content/80 mb-6 max-w-prose text-sm">{texts.manageHolds.intro}</p>
      <StockHolds onStockReturned={refreshTools} />
    </section>
  );
}
