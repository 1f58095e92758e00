import { zodResolver } from '@hookform/resolvers/zod';
import {
  routes,
  SignupFormSchema,
  texts,
  type SignupForm as SignupFormValues,
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
import { signUpWithEmail } from '../api/sign-up';
import { useFinishSignIn } from '../hooks/use-finish-sign-in';

/** Name, e-mail and password, SIGNUP, and the way to log in instead. */
export function SignupForm() {
  const finishSignIn = useFinishSignIn();
  const [identityError, setIdentityError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignupFormValues, unknown, z.output<typeof SignupFormSchema>>({
    resolver: zodResolver(SignupFormSchema),
    defaultValues: { name: '', email: '', password: '' },
  });

  const signUp = handleSubmit(async (values) => {
    setIdentityError(null);
    try {
      await finishSignIn(await signUpWithEmail(values));
    } catch (error) {
      setIdentityError(errorMessage(error));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void signUp(event)} className="flex flex-col gap-4">
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
      <BusyButton type="submit" busy={isSubmitting} className="btn-primary w-full">
        {texts.signup.submit}
      </BusyButton>
      <FormError message={identityError} />
      <p className="text-center text-sm">
        {texts.signup.haveAccount}{' '}
        <Link to={routes.login} className="link link-accent font-semibold whitespace-nowrap">
          {texts.signup.login}
        </Link>
      </p>
    </form>
  );
}
