import { texts } from '@tools-factory/contract';
import { ManageOrders } from '../components/manage-orders';

/** /dashborad/allorders (admins): every order, with Ship and Remove. */
export default function ManageOrdersPage() {
  return (
    <section className="px-4 py-8 md:px-8">
      <h2 className="mb-6 text-2xl font-bold">{texts.dashboard.manageOrders}</h2>
      <ManageOrders />
    </section>
  );
}
