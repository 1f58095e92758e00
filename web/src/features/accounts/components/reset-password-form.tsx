import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordSchema, routes, texts } from '@tools-factory/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { BusyButton } from '../../../components/ui/busy-button';
import { FormError } from '../../../components/ui/form-error';
import { PasswordField } from '../../../components/ui/password-field';
import { errorMessage } from '../../../lib/api-client';
import { resetPassword } from '../api/reset-password';

// The same password rules as sign-up.
const ResetPasswordFormSchema = z.object({ password: PasswordSchema });
type ResetPasswordFormValues = z.input<typeof ResetPasswordFormSchema>;

interface ResetPasswordFormProps {
  /** The token of the e-mailed link. */
  token: string;
}

/** A new password for the e-mailed link's account; then the way back to /login. */
export function ResetPasswordForm({ token }: ResetPasswordFormProps) {
  const [done, setDone] = useState(false);
  const [identityError, setIdentityError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordFormValues>({
    resolver: zodResolver(ResetPasswordFormSchema),
    defaultValues: { password: '' },
  });

  const savePassword = handleSubmit(async ({ password }) => {
    setIdentityError(null);
    try {
      await resetPassword({ token, newPassword: password });
      setDone(true);
    } catch (error) {
      setIdentityError(errorMessage(error));
    }
  });

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
    <form noValidate onSubmit={(event) => void savePassword(event)} className="flex flex-col gap-4">
      <PasswordField
        label={texts.resetPasswordPage.newPassword}
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <BusyButton type="submit" busy={isSubmitting} className="btn-primary w-full">
        {texts.resetPasswordPage.submit}
      </BusyButton>
      <FormError message={identityError} />
    </form>
  );
}
