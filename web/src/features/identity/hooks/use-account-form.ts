import type { DefaultValues, FieldValues } from 'react-hook-form';
import { useSendingForm, type SchemaSource } from '../../../lib/use-sending-form';

/**
 * The form setup of the login, sign-up and reset forms (useSendingForm): the contract's rules
 * checked in the browser, and the identity server's refusal kept as `identityError` to show
 * under the form.
 */
export function useAccountForm<TInput extends FieldValues, TOutput extends FieldValues>(
  schema: SchemaSource<TInput, TOutput>,
  defaultValues: DefaultValues<TInput>,
  send: (values: TOutput) => Promise<void>,
) {
  const { serverError, setServerError, ...sending } = useSendingForm(schema, defaultValues, send);
  return { ...sending, identityError: serverError, setIdentityError: setServerError };
}
