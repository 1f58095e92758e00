import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from './api-client';

/**
 * A form that sends what it checked: the contract's rules checked in the browser (react-hook-form
 * with the schema), then `send`; a refusal's message (the server's words) is kept as
 * `serverError`, to show under the form, and cleared on the next try.
 */
export function useSendingForm<TInput extends FieldValues, TOutput extends FieldValues>(
  schema: z.ZodType<TOutput, TInput>,
  defaultValues: DefaultValues<TInput>,
  send: (values: TOutput) => Promise<unknown>,
) {
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<TInput, unknown, TOutput>({ resolver: zodResolver(schema), defaultValues });
  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await send(values);
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });
  return {
    form,
    serverError,
    setServerError,
    onSubmit: (event: FormEvent<HTMLFormElement>) => void submit(event),
  };
}
