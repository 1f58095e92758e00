import { texts } from '@tools-factory/contract';
import { PagePlaceholder } from '../../../components/ui/page-placeholder';

/** /dashborad/users: filled by a later issue. */
export default function AllUsersPage() {
  return <PagePlaceholder title={texts.dashboard.allUsers} level={2} />;
}
