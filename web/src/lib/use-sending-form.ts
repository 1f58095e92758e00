import { useState, type FormEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from './api-client';

type Schema<TInput, TOutput> = z.ZodType<TOutput, TInput>;

/**
 * A form's rules: the schema, or a function loading it (a chunk of its own). Loaded, the
 * schema library and the rules are not run when the page starts but when the form is first
 * checked (issue 27: the login and sign-up pages).
 */
export type SchemaSource<TInput, TOutput> =
  Schema<TInput, TOutput> | (() => Promise<Schema<TInput, TOutput>>);

/**
 * The form's resolver: zodResolver of the schema, both loaded on the first check (the resolver
 * library imports the schema library). A page that only shows a form then runs no schema code
 * until the form is first checked (issue 27: the account forms, the purchase form).
 */
export function schemaResolver<TInput extends FieldValues, TOutput extends FieldValues>(
  source: SchemaSource<TInput, TOutput>,
): Resolver<TInput, unknown, TOutput> {
  const schemaOf = typeof source === 'function' ? source : () => Promise.resolve(source);
  let loaded: Promise<Resolver<TInput, unknown, TOutput>> | undefined;
  return async (values, context, options) => {
    if (!loaded) {
      loaded = Promise.all([import('@hookform/resolvers/zod'), schemaOf()]).then(
        ([{ zodResolver }, schema]) => zodResolver(schema),
      );
      // A chunk that did not arrive: the next check asks again.
      loaded.catch(() => {
        loaded = undefined;
      });
    }
    return (await loaded)(values, context, options);
  };
}

/**
 * A form that sends what it checked: the contract's rules checked in the browser (react-hook-form
 * with the schema), then `send`; a refusal's message (the server's words) is kept as
 * `serverError`, to show under the form, and cleared on the next try.
 */
export function useSendingForm<TInput extends FieldValues, TOutput extends FieldValues>(
  schema: SchemaSource<TInput, TOutput>,
  defaultValues: DefaultValues<TInput>,
  send: (values: TOutput) => Promise<unknown>,
) {
  const [serverError, setServerError] = useState<string | null>(null);
  // Once per form: a loader's schema is then loaded once.
  const [resolver] = useState(() => schemaResolver(schema));
  const form = useForm<TInput, unknown, TOutput>({ resolver, defaultValues });
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
