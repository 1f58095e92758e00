import { routes, texts } from '@tools-factory/contract';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../lib/toast';
import { signUpWithEmail } from '../api/sign-up';
import { useAccountForm } from '../hooks/use-account-form';
import { useFinishSignIn } from '../hooks/use-finish-sign-in';
import { AccountForm } from './account-form';

/**
 * Name, e-mail and password, SIGNUP, and the way to log in instead. Once signed up it says to
 * look for the verification e-mail.
 */
export function SignupForm() {
  const finishSignIn = useFinishSignIn();
  const { form, identityError, onSubmit } = useAccountForm(
    () => import('../account-schemas').then((schemas) => schemas.SignupFormSchema),
    { name: '', email: '', password: '' },
    async (values) => {
      const account = await signUpWithEmail(values);
      await finishSignIn(account);
      // The page goes on to '/': the toast outlives it and says what to do next.
      toast.info(texts.emailVerification.checkInbox(account.email), { toastId: 'check-inbox' });
    },
  );
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  return (
    <AccountForm
      onSubmit={onSubmit}
      submitLabel={texts.signup.submit}
      submitting={isSubmitting}
      error={identityError}
      switchTo={{ question: texts.signup.haveAccount, label: texts.signup.login, to: routes.login }}
    >
      <TextField
        label={texts.signup.name}
        autoComplete="name"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label={texts.signup.email}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <PasswordField
        label={texts.signup.password}
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
    </AccountForm>
  );
}
