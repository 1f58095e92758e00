import { routes, texts } from '@tools-factory/contract';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { AuthCard } from '../components/auth-card';
import { GoogleSignInOption } from '../components/google-sign-in-button';
import { LoginForm } from '../components/login-form';
import { useAuth } from '../hooks/use-auth';
import { FROM_PARAM, useRememberedPath } from '../hooks/use-remembered-location';
import { signedOutBecause } from '../hooks/use-unauthorized-handler';
import { backFromGoogle } from '../../../lib/hand-off-params';
import { googleErrorMessage } from '../google-error';

/**
 * /login. Once the user is signed in (this form, or back from Google with a session and no token
 * yet: PUT /user first) it goes on to the remembered location, or '/'.
 */
export default function LoginPage() {
  const auth = useAuth();
  const from = useRememberedPath();
  const [search] = useSearchParams();
  const why = signedOutBecause(useLocation().state);

  if (auth.status === 'signedIn') return <Navigate to={from} replace />;
  if (auth.status === 'completing') {
    return (
      <AuthCard title={texts.login.title}>
        <Spinner label={texts.login.signingIn} />
      </AuthCard>
    );
  }

  // Google's round trip comes back here, still knowing where the user was going.
  const returnTo = backFromGoogle(
    `${routes.login}?${new URLSearchParams({ [FROM_PARAM]: from }).toString()}`,
  );
  const googleError = googleErrorMessage(search.get('error')) ?? auth.error?.message ?? null;
  return (
    <AuthCard title={texts.login.title}>
      {why ? (
        <p role="status" className="alert alert-info alert-soft text-sm">
          {why}
        </p>
      ) : null}
      <LoginForm />
      <GoogleSignInOption returnTo={returnTo} error={googleError} />
    </AuthCard>
  );
}
