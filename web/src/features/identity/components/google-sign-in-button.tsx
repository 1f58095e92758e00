import { texts } from '@tools-factory/contract';
import { useState } from 'react';
import { FcGoogle } from 'react-icons/fc';
import { BusyButton } from '../../../components/ui/busy-button';
import { FormError } from '../../../components/ui/form-error';
import { errorMessage } from '../../../lib/api-client';
import { useIdentitySettings } from '../api/get-identity-settings';
import { signInWithGoogle } from '../api/sign-in-with-google';

interface GoogleSignInButtonProps {
  /** The page of this app Google's round trip comes back to (it finishes the sign-in). */
  returnTo: string;
  /** A failure already known when the page opens (Google's round trip came back with an error). */
  error?: string | null;
}

/**
 * The OR divider and 'Continew with Google', always, as SPEC.md shows them on /login and /signup
 * (issue 22 item 19): on a server without Google credentials, pressing it says so in red.
 */
export function GoogleSignInOption({ returnTo, error = null }: GoogleSignInButtonProps) {
  return (
    <>
      <div className="divider my-0">{texts.login.or}</div>
      <GoogleSignInButton returnTo={returnTo} error={error} />
    </>
  );
}

/** 'Continew with Google': leaves for Google's sign-in, or says in red why it cannot. */
export function GoogleSignInButton({
  returnTo,
  error: knownError = null,
}: GoogleSignInButtonProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const settings = useIdentitySettings();

  async function startGoogleSignIn() {
    setError(null);
    // Known not to be set up: said at once. While unknown, the server's answer says the same.
    if (settings.data?.googleSignIn === false) {
      setError(texts.identityErrors.googleUnavailable);
      return;
    }
    setBusy(true);
    try {
      // On success the browser is already on its way to Google: the button stays busy.
      await signInWithGoogle({ callbackURL: returnTo, errorCallbackURL: returnTo });
    } catch (caught) {
      setError(errorMessage(caught));
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <BusyButton
        busy={busy}
        className="btn-outline w-full"
        onClick={() => void startGoogleSignIn()}
      >
        {busy ? null : <FcGoogle className="text-xl" aria-hidden="true" />}
        {texts.login.google}
      </BusyButton>
      <FormError message={error ?? knownError} />
    </div>
  );
}
