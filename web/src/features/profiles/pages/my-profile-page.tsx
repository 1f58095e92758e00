import { texts } from '@tools-factory/contract';
import { PagePlaceholder } from '../../../components/ui/page-placeholder';

/** /dashborad/myprofile: filled by a later issue. */
export default function MyProfilePage() {
  return <PagePlaceholder title={texts.dashboard.myProfile} level={2} />;
}
