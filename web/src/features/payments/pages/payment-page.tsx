import { texts } from '@tools-factory/contract';
import { PagePlaceholder } from '../../../components/ui/page-placeholder';

/** /dashborad/orders/payment/{id}: filled by a later issue. */
export default function PaymentPage() {
  return <PagePlaceholder title={texts.payment.title} level={2} />;
}
