import { texts } from '@tools-factory/contract';
import { PagePlaceholder } from '../../../components/ui/page-placeholder';

/** /purchase/{id}: filled by a later issue. */
export default function PurchasePage() {
  return <PagePlaceholder title={texts.tool.purchase} />;
}
