import { texts } from '@tools-factory/contract';
import { PagePlaceholder } from '../../../components/ui/page-placeholder';

/** /dashborad/allorders: filled by a later issue. */
export default function ManageOrdersPage() {
  return <PagePlaceholder title={texts.dashboard.manageOrders} level={2} />;
}
