import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { BusyButton } from '../../../components/ui/busy-button';
import { FormError } from '../../../components/ui/form-error';
import { useHydrated } from '../../../lib/use-hydrated';

interface AccountFormProps {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The fields, and anything else above the submit button. */
  children: ReactNode;
  submitLabel: string;
  submitting: boolean;
  /** Held back while something else is on its way (the login form's reset e-mail). */
  submitDisabled?: boolean;
  /** The identity server's refusal, under the button. */
  error: string | null;
  /** The way to the other form: 'New to Tools Factory? Create New Account'. */
  switchTo?: { question: string; label: string; to: string };
}

/** The frame of the login, sign-up and reset forms: fields, submit, refusal, the way to the other form. */
export function AccountForm({
  onSubmit,
  children,
  submitLabel,
  submitting,
  submitDisabled = false,
  error,
  switchTo,
}: AccountFormProps) {
  const hydrated = useHydrated();
  return (
    // method="post": should the browser ever send the form itself, its fields stay out of the URL.
    <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {children}
      <BusyButton
        type="submit"
        busy={submitting}
        disabled={submitDisabled || !hydrated}
        className="btn-primary w-full"
      >
        {submitLabel}
      </BusyButton>
      <FormError message={error} />
      {switchTo ? (
        <p className="text-center text-sm">
          {switchTo.question}{' '}
          <Link to={switchTo.to} className="link link-accent font-semibold whitespace-nowrap">
            {switchTo.label}
          </Link>
        </p>
      ) : null}
    </form>
  );
}
