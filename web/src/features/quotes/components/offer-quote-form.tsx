import {
  isTodayOrLater,
  OfferQuoteSchema,
  texts,
  type ManagedQuote,
  type OfferQuote,
} from '@tools-factory/contract';
import { z } from 'zod';
import { TextField } from '../../../components/ui/text-field';
import { useSendingForm } from '../../../lib/use-sending-form';
import { DayField } from './day-field';
import { FormActions } from '../../../components/ui/form-actions';

// The server's rules for an offer, the last day's included (today or later, UTC).
const OfferFormSchema = z.object({
  price: OfferQuoteSchema.shape.price,
  validUntil: OfferQuoteSchema.shape.validUntil.refine(
    (day) => isTodayOrLater(day, new Date()),
    texts.manageQuotes.validUntilPast,
  ),
});
type OfferFormInput = z.input<typeof OfferFormSchema>;

interface OfferQuoteFormProps {
  /** The quote offered on: a new offer starts from the standing one's price. */
  quote: ManagedQuote;
  /** Sends the offer; a rejection's message (the server's) shows above the buttons. */
  onSend: (offer: OfferQuote) => Promise<unknown>;
  onCancel: () => void;
  busy: boolean;
}

/** A unit price (dollars, two decimals at most) and the offer's last valid day. */
export function OfferQuoteForm({ quote, onSend, onCancel, busy }: OfferQuoteFormProps) {
  const {
    form: {
      register,
      formState: { errors },
    },
    serverError,
    onSubmit,
  } = useSendingForm<OfferFormInput, OfferQuote>(
    OfferFormSchema,
    { price: quote.offer ? String(quote.offer.price) : '', validUntil: '' },
    onSend,
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <TextField
        label={texts.manageQuotes.unitPrice}
        inputMode="decimal"
        autoComplete="off"
        aria-required="true"
        hint={texts.manageQuotes.unitPriceHint}
        error={errors.price?.message}
        {...register('price')}
      />
      <DayField
        label={texts.manageQuotes.validUntil}
        hint={texts.manageQuotes.validUntilHint}
        error={errors.validUntil?.message}
        {...register('validUntil')}
      />
      <FormActions
        serverError={serverError}
        submitLabel={texts.manageQuotes.sendOffer}
        cancelLabel={texts.manageQuotes.cancel}
        busy={busy}
        onCancel={onCancel}
      />
    </form>
  );
}
