import { routes, texts } from '@tools-factory/contract';
import { useState } from 'react';
import { BusyButton } from '../../../components/ui/busy-button';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { requestPasswordReset } from '../api/request-password-reset';
import { signInWithEmail } from '../api/sign-in';
import { useAccountForm } from '../hooks/use-account-form';
import { useFinishSignIn } from '../hooks/use-finish-sign-in';
import { AccountForm } from './account-form';
import { SignInCode } from './sign-in-code';

/**
 * E-mail and password, LOGIN, 'Forgate password ? Resate password' and the way to sign up. On
 * success the page sees the user signed in and takes them where they were going. Once the
 * password sign-in answers 429, the e-mailed sign-in code is offered below (SignInCode).
 */
export function LoginForm() {
  const finishSignIn = useFinishSignIn();
  const [sendingReset, setSendingReset] = useState(false);
  // The address whose password sign-in answered 429: the e-mailed code is offered for it.
  const [codeFor, setCodeFor] = useState<string | null>(null);
  const { form, identityError, setIdentityError, onSubmit } = useAccountForm(
    () => import('../account-schemas').then((schemas) => schemas.LoginFormSchema),
    { email: '', password: '' },
    async (values) => {
      try {
        await finishSignIn(await signInWithEmail(values));
      } catch (error) {
        if (isApiError(error) && error.status === 429) setCodeFor(values.email);
        throw error;
      }
    },
  );
  const {
    register,
    trigger,
    getValues,
    formState: { errors, isSubmitting },
  } = form;

  // The reset needs only the e-mail: checked with the same rule, and nothing is sent without it.
  async function sendResetEmail() {
    setIdentityError(null);
    if (!(await trigger('email'))) return;
    setSendingReset(true);
    try {
      const { EmailSchema } = await import('../account-schemas');
      await requestPasswordReset(EmailSchema.parse(getValues('email')));
      window.alert(texts.login.sentEmail);
    } catch (error) {
      setIdentityError(errorMessage(error));
    } finally {
      setSendingReset(false);
    }
  }

  const busy = isSubmitting || sendingReset;
  return (
    <>
      <AccountForm
        onSubmit={onSubmit}
        submitLabel={texts.login.submit}
        submitting={isSubmitting}
        submitDisabled={busy}
        error={identityError}
        switchTo={{
          question: texts.login.newHere,
          label: texts.login.createAccount,
          to: routes.signup,
        }}
      >
        <TextField
          label={texts.login.email}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          label={texts.login.password}
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <p className="text-sm">
          {texts.login.forgotPassword}{' '}
          <BusyButton
            busy={sendingReset}
            disabled={isSubmitting}
            className="btn-link text-accent h-auto min-h-0 p-0 align-baseline"
            onClick={() => void sendResetEmail()}
          >
            {texts.login.resetPassword}
          </BusyButton>
        </p>
      </AccountForm>
      {codeFor ? <SignInCode key={codeFor} email={codeFor} /> : null}
    </>
  );
}
