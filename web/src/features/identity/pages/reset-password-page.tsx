import { routes, texts } from '@tools-factory/contract';
import { Link, useSearchParams } from 'react-router';
import { FormError } from '../../../components/ui/form-error';
import { AuthCard } from '../components/auth-card';
import { ResetPasswordForm } from '../components/reset-password-form';

/**
 * /reset-password?token=...: where the e-mailed reset link lands. The identity service sends
 * ?error=INVALID_TOKEN instead of a token when the link is unknown or expired.
 */
export default function ResetPasswordPage() {
  const [search] = useSearchParams();
  const token = search.get('token');
  const usable = token && !search.has('error');
  return (
    <AuthCard title={texts.login.resetPassword}>
      {usable ? (
        <ResetPasswordForm token={token} />
      ) : (
        <>
          <FormError message={texts.identityErrors.invalidResetLink} />
          <Link to={routes.login} className="btn btn-primary">
            {texts.resetPasswordPage.goToLogin}
          </Link>
        </>
      )}
    </AuthCard>
  );
}
