import { todayUtc } from '@tools-factory/contract';
import { TextField, type TextFieldProps } from '../../../components/ui/text-field';

/**
 * A required calendar day from today on, by the server's calendar (UTC): a needed-by date, an
 * offer's last day. The browser's date picker offers no earlier day; the form's rule says so
 * for a day typed by hand.
 */
export function DayField(props: Omit<TextFieldProps, 'type' | 'min'>) {
  return <TextField type="date" min={todayUtc(new Date())} aria-required="true" {...props} />;
}
