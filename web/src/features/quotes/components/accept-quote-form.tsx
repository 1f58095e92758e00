import { AcceptQuoteSchema, texts } from '@tools-factory/contract';
import type { z } from 'zod';
import { DeliveryFields } from '../../../components/ui/delivery-fields';
import { DialogForm, type FormInDialogProps } from '../../../components/ui/dialog-form';
import { TextField } from '../../../components/ui/text-field';
import { useSendingForm } from '../../../lib/use-sending-form';

// Where the order goes and the buyer's PO number, by the server's rules (the price is the
// offer's, not typed).
const AcceptanceFormSchema = AcceptQuoteSchema.pick({ address: true, phone: true, poNumber: true });
type AcceptanceFormInput = z.input<typeof AcceptanceFormSchema>;
export type Acceptance = z.output<typeof AcceptanceFormSchema>;

/** The ship-to the buyer has saved: the form starts from it, and they may still change it. */
export interface SavedShipTo {
  address: string;
  phone: string;
}

interface AcceptQuoteFormProps extends FormInDialogProps<Acceptance> {
  /** The buyer's saved ship-to, when there is one: the address and phone start from it. */
  savedShipTo?: SavedShipTo | undefined;
}

/**
 * The address (required) and phone number (optional) of the order accepting places, starting
 * from the buyer's saved ship-to, and their PO number (optional), kept on the order.
 */
export function AcceptQuoteForm({ savedShipTo, onSend, ...dialog }: AcceptQuoteFormProps) {
  const { form, ...sending } = useSendingForm<AcceptanceFormInput, Acceptance>(
    AcceptanceFormSchema,
    { address: savedShipTo?.address ?? '', phone: savedShipTo?.phone ?? '', poNumber: '' },
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
      <TextField
        label={texts.checkout.poNumber}
        autoComplete="off"
        error={errors.poNumber?.message}
        {...form.register('poNumber')}
      />
    </DialogForm>
  );
}
