import { RefuseQuoteSchema, texts } from '@tools-factory/contract';
import type { z } from 'zod';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { DialogForm, type FormInDialogProps } from '../../../components/ui/dialog-form';
import { useSendingForm } from '../../../lib/use-sending-form';

type Refusal = z.output<typeof RefuseQuoteSchema>;

/** Why the request is declined: the customer reads it in My Quotes. */
export function RefuseQuoteForm({ onSend, ...dialog }: FormInDialogProps<Refusal>) {
  const { form, ...sending } = useSendingForm<{ reason: string }, Refusal>(
    RefuseQuoteSchema,
    { reason: '' },
    onSend,
  );

  return (
    <DialogForm
      sending={sending}
      submitLabel={texts.manageQuotes.declineConfirm}
      cancelLabel={texts.manageQuotes.cancel}
      {...dialog}
    >
      <TextAreaField
        label={texts.manageQuotes.reason}
        rows={3}
        aria-required="true"
        hint={texts.manageQuotes.reasonHint}
        error={form.formState.errors.reason?.message}
        {...form.register('reason')}
      />
    </DialogForm>
  );
}
