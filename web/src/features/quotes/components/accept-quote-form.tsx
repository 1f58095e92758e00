import { AcceptQuoteSchema, texts } from '@tools-factory/contract';
import type { z } from 'zod';
import { DeliveryFields } from '../../../components/ui/delivery-fields';
import { DialogForm, type FormInDialogProps } from '../../../components/ui/dialog-form';
import { useSendingForm } from '../../../lib/use-sending-form';

// Where the order goes, by the server's rules (the price is the offer's, not typed).
const DeliveryFormSchema = AcceptQuoteSchema.pick({ address: true, phone: true });
type DeliveryFormInput = z.input<typeof DeliveryFormSchema>;
export type Delivery = z.output<typeof DeliveryFormSchema>;

/** The address (required) and phone number (optional) of the order accepting places. */
export function AcceptQuoteForm({ onSend, ...dialog }: FormInDialogProps<Delivery>) {
  const { form, ...sending } = useSendingForm<DeliveryFormInput, Delivery>(
    DeliveryFormSchema,
    { address: '', phone: '' },
    onSend,
  );
  const { errors } = form.formState;

  return (
    <DialogForm
      sending={sending}
      submitLabel={texts.quotes.acceptConfirm}
      cancelLabel={texts.quotes.cancel}
      {...dialog}
    >
      <DeliveryFields
        address={form.register('address')}
        phone={form.register('phone')}
        errors={{ address: errors.address?.message, phone: errors.phone?.message }}
      />
    </DialogForm>
  );
}
