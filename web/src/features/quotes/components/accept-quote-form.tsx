import { AcceptQuoteSchema, texts } from '@tools-factory/contract';
import type { z } from 'zod';
import { DeliveryFields } from '../../../components/ui/delivery-fields';
import { useSendingForm } from '../../../lib/use-sending-form';
import { FormActions } from '../../../components/ui/form-actions';

// Where the order goes, by the server's rules (the price is the offer's, not typed).
const DeliveryFormSchema = AcceptQuoteSchema.pick({ address: true, phone: true });
type DeliveryFormInput = z.input<typeof DeliveryFormSchema>;
export type Delivery = z.output<typeof DeliveryFormSchema>;

interface AcceptQuoteFormProps {
  /** Places the order; a rejection's message (the server's) shows above the buttons. */
  onSend: (delivery: Delivery) => Promise<unknown>;
  onCancel: () => void;
  busy: boolean;
}

/** The address (required) and phone number (optional) of the order accepting places. */
export function AcceptQuoteForm({ onSend, onCancel, busy }: AcceptQuoteFormProps) {
  const {
    form: {
      register,
      formState: { errors },
    },
    serverError,
    onSubmit,
  } = useSendingForm<DeliveryFormInput, Delivery>(
    DeliveryFormSchema,
    { address: '', phone: '' },
    onSend,
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <DeliveryFields
        address={register('address')}
        phone={register('phone')}
        errors={{ address: errors.address?.message, phone: errors.phone?.message }}
      />
      <FormActions
        serverError={serverError}
        submitLabel={texts.quotes.acceptConfirm}
        cancelLabel={texts.quotes.cancel}
        busy={busy}
        onCancel={onCancel}
      />
    </form>
  );
}
