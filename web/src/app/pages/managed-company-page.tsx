import { useParams } from 'react-router';
import { ManagedCompanyView } from '../../features/manage-companies/components/managed-company';
import { OrderStatusBadge } from '../../features/orders/components/order-status-badge';

/**
 * /dashborad/companies/{id} (shop admins, issue 44): one company's page; its checkouts' statuses
 * are shown by the orders' own badge, as Manage Orders shows them.
 */
export default function ManagedCompanyPage() {
  const { id = '' } = useParams();
  return (
    <section className="px-4 py-8 md:px-8">
      <ManagedCompanyView
        key={id}
        id={id}
        renderStatus={(order) => <OrderStatusBadge order={order} />}
      />
    </section>
  );
}
