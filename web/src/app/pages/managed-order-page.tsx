import { useParams } from 'react-router';
import { ManagedOrderView } from '../../features/orders/components/managed-order';

/** /dashborad/allorders/{id} (admins, issue 25): one order's page, its actions and timeline. */
export default function ManagedOrderPage() {
  const { id = '' } = useParams();
  return (
    <section className="px-4 py-8 md:px-8">
      <ManagedOrderView id={id} />
    </section>
  );
}
