import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../../../lib/api-client';

/**
 * The form setup of the login, sign-up and reset forms: the contract's rules checked in the
 * browser, and the identity server's refusal kept as `identityError` to show under the form.
 */
export function useAccountForm<TInput extends FieldValues, TOutput extends FieldValues>(
  schema: z.ZodType<TOutput, TInput>,
  defaultValues: DefaultValues<TInput>,
  send: (values: TOutput) => Promise<void>,
) {
  const [identityError, setIdentityError] = useState<string | null>(null);
  const form = useForm<TInput, unknown, TOutput>({ resolver: zodResolver(schema), defaultValues });
  const submit = form.handleSubmit(async (values) => {
    setIdentityError(null);
    try {
      await send(values);
    } catch (error) {
      setIdentityError(errorMessage(error));
    }
  });
  return {
    form,
    identityError,
    setIdentityError,
    onSubmit: (event: FormEvent<HTMLFormElement>) => void submit(event),
  };
}
