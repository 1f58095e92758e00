import {
  isQuoteQuantityAllowed,
  texts,
  type RequestQuote,
  type Tool,
} from '@tools-factory/contract';
import type { z } from 'zod';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { DialogForm, type FormInDialogProps } from '../../../components/ui/dialog-form';
import { useSendingForm } from '../../../lib/use-sending-form';
import { DayField } from './day-field';
import type { requestFormSchema } from './request-quote-schema';

type RequestFormInput = z.input<ReturnType<typeof requestFormSchema>>;

/** The request's rules for this tool, with the schema library: loaded when first checked. */
const loadRequestFormSchema = (tool: Tool) => () =>
  import('./request-quote-schema').then((module) => module.requestFormSchema(tool));

export type RequestFormValues = Omit<RequestQuote, 'toolId'>;

interface RequestQuoteFormProps extends FormInDialogProps<RequestFormValues> {
  tool: Tool;
  /** What the customer typed in the order form: the request starts from it when it is allowed. */
  typedQuantity: number | null;
}

/** Quantity (above the minimum, no upper limit), needed-by date (today or later) and a note. */
export function RequestQuoteForm({
  tool,
  typedQuantity,
  onSend,
  ...dialog
}: RequestQuoteFormProps) {
  const startQuantity =
    typedQuantity !== null && isQuoteQuantityAllowed(typedQuantity, tool)
      ? String(typedQuantity)
      : '';
  const { form, ...sending } = useSendingForm<RequestFormInput, RequestFormValues>(
    loadRequestFormSchema(tool),
    { quantity: startQuantity, neededBy: '', note: '' },
    onSend,
  );
  const { register } = form;
  const { errors } = form.formState;

  return (
    <DialogForm
      sending={sending}
      submitLabel={texts.quotes.sendRequest}
      cancelLabel={texts.quotes.cancel}
      {...dialog}
    >
      {/* Text, not type="number": '1e5' or '12.5' get a message in words, as in the order form. */}
      <TextField
        label={texts.quotes.quantity}
        inputMode="numeric"
        autoComplete="off"
        aria-required="true"
        hint={texts.quotes.quantityHint(tool.minOrderQuantity)}
        error={errors.quantity?.message}
        {...register('quantity')}
      />
      <DayField
        label={texts.quotes.neededBy}
        error={errors.neededBy?.message}
        {...register('neededBy')}
      />
      <TextAreaField
        label={texts.quotes.note}
        rows={3}
        hint={texts.quotes.noteHint}
        error={errors.note?.message}
        {...register('note')}
      />
    </DialogForm>
  );
}
