import { RefuseQuoteSchema, texts } from '@tools-factory/contract';
import type { z } from 'zod';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { useSendingForm } from '../../../lib/use-sending-form';
import { FormActions } from '../../../components/ui/form-actions';

type Refusal = z.output<typeof RefuseQuoteSchema>;

interface RefuseQuoteFormProps {
  /** Sends the refusal; a rejection's message (the server's) shows above the buttons. */
  onSend: (refusal: Refusal) => Promise<unknown>;
  onCancel: () => void;
  busy: boolean;
}

/** Why the request is declined: the customer reads it in My Quotes. */
export function RefuseQuoteForm({ onSend, onCancel, busy }: RefuseQuoteFormProps) {
  const {
    form: {
      register,
      formState: { errors },
    },
    serverError,
    onSubmit,
  } = useSendingForm<{ reason: string }, Refusal>(RefuseQuoteSchema, { reason: '' }, onSend);

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <TextAreaField
        label={texts.manageQuotes.reason}
        rows={3}
        aria-required="true"
        hint={texts.manageQuotes.reasonHint}
        error={errors.reason?.message}
        {...register('reason')}
      />
      <FormActions
        serverError={serverError}
        submitLabel={texts.manageQuotes.declineConfirm}
        cancelLabel={texts.manageQuotes.cancel}
        busy={busy}
        onCancel={onCancel}
      />
    </form>
  );
}
