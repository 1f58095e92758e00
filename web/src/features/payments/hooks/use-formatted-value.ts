import { useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import { digitsBefore, positionAfterDigits } from '../card-format';

/**
 * A text field's value, reformatted as it is typed (spaces between digit groups). The caret
 * stays after the digit it followed: a space inserted or dropped before it must not push it to
 * the end of the field while the customer corrects a digit in the middle.
 */
export function useFormattedValue(format: (typed: string) => string) {
  const [value, setValue] = useState('');
  const pendingCaret = useRef<{ input: HTMLInputElement; digits: number } | null>(null);

  useLayoutEffect(() => {
    const pending = pendingCaret.current;
    pendingCaret.current = null;
    if (!pending || pending.input.ownerDocument.activeElement !== pending.input) return;
    const position = positionAfterDigits(pending.input.value, pending.digits);
    pending.input.setSelectionRange(position, position);
  }, [value]);

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const caret = input.selectionStart ?? input.value.length;
    pendingCaret.current = { input, digits: digitsBefore(input.value, caret) };
    setValue(format(input.value));
  }

  return { value, onChange };
}
