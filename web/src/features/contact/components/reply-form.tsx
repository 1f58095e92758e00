import { MessageReplyInputSchema, texts } from '@tools-factory/contract';
import { DialogForm, type FormInDialogProps } from '../../../components/ui/dialog-form';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { useSendingForm } from '../../../lib/use-sending-form';

const words = texts.messagesAdmin;

/** An admin's reply to a contact message, e-mailed to the address the visitor typed. */
export function ReplyForm({ onSend, ...dialog }: FormInDialogProps<{ reply: string }>) {
  const { form, ...sending } = useSendingForm<{ reply: string }, { reply: string }>(
    MessageReplyInputSchema,
    { reply: '' },
    onSend,
  );
  return (
    <DialogForm sending={sending} submitLabel={words.send} cancelLabel={words.cancel} {...dialog}>
      <TextAreaField
        label={words.replyLabel}
        rows={6}
        aria-required="true"
        error={form.formState.errors.reply?.message}
        {...form.register('reply')}
      />
    </DialogForm>
  );
}
