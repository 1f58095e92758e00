import { texts } from '@tools-factory/contract';
import { PagePlaceholder } from '../../../components/ui/page-placeholder';

/** /reset-password: filled by a later issue. */
export default function ResetPasswordPage() {
  return <PagePlaceholder title={texts.login.resetPassword} />;
}
