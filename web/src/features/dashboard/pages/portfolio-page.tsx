import { texts } from '@tools-factory/contract';
import { PagePlaceholder } from '../../../components/ui/page-placeholder';

/** /dashborad (index): filled by a later issue. */
export default function PortfolioPage() {
  return <PagePlaceholder title={texts.dashboard.portfolio} level={2} />;
}
