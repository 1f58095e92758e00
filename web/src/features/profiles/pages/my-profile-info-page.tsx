import { texts } from '@tools-factory/contract';
import { PagePlaceholder } from '../../../components/ui/page-placeholder';

/** /myProfileInfo: filled by a later issue. */
export default function MyProfileInfoPage() {
  return <PagePlaceholder title={texts.profile.addInformation} />;
}
