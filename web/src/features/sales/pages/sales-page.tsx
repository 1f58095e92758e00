import { texts } from '@tools-factory/contract';
import { SalesOverview } from '../components/sales-overview';

/** /dashborad/sales (admins): revenue per day, orders by status and the top tools. */
export default function SalesPage() {
  return (
    <section className="px-4 py-8 md:px-8">
      <h2 className="mb-2 text-2xl font-bold">{texts.sales.title}</h2>
      <SalesOverview />
    </section>
  );
}
