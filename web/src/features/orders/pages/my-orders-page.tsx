import { texts } from '@tools-factory/contract';
import { PagePlaceholder } from '../../../components/ui/page-placeholder';

/** /dashborad/orders: filled by a later issue. */
export default function MyOrdersPage() {
  return <PagePlaceholder title={texts.orders.title} level={2} />;
}
