import { useParams } from 'react-router';
import { ManagedCompanyView } from '../../features/manage-companies/components/managed-company';
import ManagedCompaniesPage from '../../features/manage-companies/pages/managed-companies-page';
import { OrderStatusBadge } from '../../features/orders/components/order-status-badge';

/**
 * /dashborad/companies (shop admins, issue 44): the companies, or with an id one company's page;
 * its checkouts' statuses are shown by the orders' own badge, as Manage Orders shows them. One
 * module for both routes: one chunk fewer for the app's first script to name.
 */
export default function ManagedCompanyPage() {
  const { id } = useParams();
  if (id === undefined) return <ManagedCompaniesPage />;
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
