import { texts } from '@tools-factory/contract';
import { StockHolds } from '../components/stock-holds';

/** /dashborad/holds (admins): who holds stock with unpaid orders, and Release. */
export default function StockHoldsPage() {
  return (
    <section className="px-4 py-8 md:px-8">
      <h2 className="mb-2 text-2xl font-bold">{texts.manageHolds.title}</h2>
      <p className="text-base-content/80 mb-6 max-w-prose text-sm">{texts.manageHolds.intro}</p>
      <StockHolds />
    </section>
  );
}
