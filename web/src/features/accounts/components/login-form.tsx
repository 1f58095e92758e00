import { zodResolver } from '@hookform/resolvers/zod';
import {
  EmailSchema,
  LoginFormSchema,
  routes,
  texts,
  type LoginForm as LoginFormValues,
} from '@tools-factory/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { BusyButton } from '../../../components/ui/busy-button';
import { FormError } from '../../../components/ui/form-error';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { requestPasswordReset } from '../api/request-password-reset';
import { signInWithEmail } from '../api/sign-in';
import { useFinishSignIn } from '../hooks/use-finish-sign-in';

/**
 * E-mail and password, LOGIN, 'Forgate password ? Resate password' and the way to sign up. On
 * success the page sees the user signed in and takes them where they were going.
 */
export function LoginForm() {
  const finishSignIn = useFinishSignIn();
  const [identityError, setIdentityError] = useState<string | null>(null);
  const [sendingReset, setSendingReset] = useState(false);
  const {
    register,
    handleSubmit,
    trigger,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormValues, unknown, z.output<typeof LoginFormSchema>>({
    resolver: zodResolver(LoginFormSchema),
    defaultValues: { email: '', password: '' },
  });

  const logIn = handleSubmit(async (values) => {
    setIdentityError(null);
    try {
      await finishSignIn(await signInWithEmail(values));
    } catch (error) {
      setIdentityError(errorMessage(error));
    }
  });

  // The reset needs only the e-mail: checked with the same rule, and nothing is sent without it.
  async function sendResetEmail() {
    setIdentityError(null);
    if (!(await trigger('email'))) return;
    setSendingReset(true);
    try {
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
    <form noValidate onSubmit={(event) => void logIn(event)} className="flex flex-col gap-4">
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
      <BusyButton type="submit" busy={isSubmitting} disabled={busy} className="btn-primary w-full">
        {texts.login.submit}
      </BusyButton>
      <FormError message={identityError} />
      <p className="text-center text-sm">
        {texts.login.newHere}{' '}
        <Link to={routes.signup} className="link link-accent font-semibold whitespace-nowrap">
          {texts.login.createAccount}
        </Link>
      </p>
    </form>
  );
}
