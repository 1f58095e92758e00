import { texts } from '@tools-factory/contract';
import { PagePlaceholder } from '../../../components/ui/page-placeholder';

/** /dashborad/manageTools: filled by a later issue. */
export default function ManageToolsPage() {
  return <PagePlaceholder title={texts.dashboard.manageTools} level={2} />;
}
