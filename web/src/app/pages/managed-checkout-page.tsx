import { useParams } from 'react-router';
import { ManagedCheckoutView } from '../../features/orders/components/managed-checkout';

/** /dashborad/allorders/checkout/{id} (admins, issue 42): a checkout's lines and shipments. */
export default function ManagedCheckoutPage() {
  const { id = '' } = useParams();
  return (
    <section className="px-4 py-8 md:px-8">
      <ManagedCheckoutView id={id} />
    </section>
  );
}
