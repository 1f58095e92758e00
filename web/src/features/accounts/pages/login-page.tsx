import { texts } from '@tools-factory/contract';
import { PagePlaceholder } from '../../../components/ui/page-placeholder';

/** /login: filled by a later issue. */
export default function LoginPage() {
  return <PagePlaceholder title={texts.login.title} />;
}
