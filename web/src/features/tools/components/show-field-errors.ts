import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/**
 * A form's 400 with every field's problem (the server's `fieldErrors`), each shown under its
 * field ('priceBreaks.0.price' under the price breaks); false when none names a field of it.
 */
export function showFieldErrors<Values extends FieldValues>(
  fieldErrors: readonly { field: string; message: string }[],
  setError: UseFormSetError<Values>,
): boolean {
  let shown = false;
  const messages = new Map<string, string[]>();
  for (const { field, message } of fieldErrors) {
    const [name = ''] = field.split('.', 1);
    if (name === '') continue;
    messages.set(name, [...(messages.get(name) ?? []), message]);
  }
  for (const [name, list] of messages) {
    setError(
      name as Path<Values>,
      { type: 'server', message: list.join('. ') },
      { shouldFocus: !shown },
    );
    shown = true;
  }
  return shown;
}
