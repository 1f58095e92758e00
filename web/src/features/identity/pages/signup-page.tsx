import { routes, texts } from '@tools-factory/contract';
import { Navigate, useSearchParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { AuthCard } from '../components/auth-card';
import { GoogleSignInOption } from '../components/google-sign-in-button';
import { SignupForm } from '../components/signup-form';
import { useAuth } from '../hooks/use-auth';
import { backFromGoogle } from '../../../lib/hand-off-params';
import { googleErrorMessage } from '../google-error';

/** /signup. After signing up the user goes to '/' (SPEC.md section 2). */
export default function SignupPage() {
  const auth = useAuth();
  const [search] = useSearchParams();

  if (auth.status === 'signedIn') return <Navigate to={routes.home} replace />;
  if (auth.status === 'completing') {
    return (
      <AuthCard title={texts.signup.title}>
        <Spinner label={texts.login.signingIn} />
      </AuthCard>
    );
  }

  const googleError = googleErrorMessage(search.get('error')) ?? auth.error?.message ?? null;
  return (
    <AuthCard title={texts.signup.title}>
      <SignupForm />
      <GoogleSignInOption returnTo={backFromGoogle(routes.signup)} error={googleError} />
    </AuthCard>
  );
}
