import { PasswordSchema, routes, texts } from '@tools-factory/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { PasswordField } from '../../../components/ui/password-field';
import { resetPassword } from '../api/reset-password';
import { useAccountForm } from '../hooks/use-account-form';
import { AccountForm } from './account-form';

// The same password rules as sign-up.
const ResetPasswordFormSchema = z.object({ password: PasswordSchema });

interface ResetPasswordFormProps {
  /** The token of the e-mailed link. */
  token: string;
}

/** A new password for the e-mailed link's account; then the way back to /login. */
export function ResetPasswordForm({ token }: ResetPasswordFormProps) {
  const [done, setDone] = useState(false);
  const { form, identityError, onSubmit } = useAccountForm(
    ResetPasswordFormSchema,
    { password: '' },
    async ({ password }) => {
      await resetPassword({ token, newPassword: password });
      setDone(true);
    },
  );
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  if (done) {
    return (
      <div className="flex flex-col gap-4 text-center">
        <p role="status" className="alert alert-success alert-soft">
          {texts.resetPasswordPage.success}
        </p>
        <Link to={routes.login} className="btn btn-primary">
          {texts.resetPasswordPage.goToLogin}
        </Link>
      </div>
    );
  }

  return (
    <AccountForm
      onSubmit={onSubmit}
      submitLabel={texts.resetPasswordPage.submit}
      submitting={isSubmitting}
      error={identityError}
    >
      <PasswordField
        label={texts.resetPasswordPage.newPassword}
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
    </AccountForm>
  );
}
