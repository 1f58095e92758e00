import { texts } from '@tools-factory/contract';
import { PagePlaceholder } from '../../../components/ui/page-placeholder';

/** /signup: filled by a later issue. */
export default function SignupPage() {
  return <PagePlaceholder title={texts.signup.title} />;
}
