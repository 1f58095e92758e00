import { texts } from '@tools-factory/contract';
import { PagePlaceholder } from '../../../components/ui/page-placeholder';

/** /dashborad/addproducts: filled by a later issue. */
export default function AddProductPage() {
  return <PagePlaceholder title={texts.dashboard.addProducts} level={2} />;
}
