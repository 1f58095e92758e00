import {
  isTodayOrLater,
  OfferQuoteSchema,
  texts,
  type ManagedQuote,
  type OfferQuote,
} from '@tools-factory/contract';
import { z } from 'zod';
import { TextField } from '../../../components/ui/text-field';
import { DialogForm, type FormInDialogProps } from '../../../components/ui/dialog-form';
import { useSendingForm } from '../../../lib/use-sending-form';
import { DayField } from './day-field';

// The server's rules for an offer, the last day's included (today or later, UTC).
const OfferFormSchema = z.object({
  price: OfferQuoteSchema.shape.price,
  validUntil: OfferQuoteSchema.shape.validUntil.refine(
    (day) => isTodayOrLater(day, new Date()),
    texts.manageQuotes.validUntilPast,
  ),
});
type OfferFormInput = z.input<typeof OfferFormSchema>;

interface OfferQuoteFormProps extends FormInDialogProps<OfferQuote> {
  /** The quote offered on: a new offer starts from the standing one's price. */
  quote: ManagedQuote;
}

/** A unit price (dollars, two decimals at most) and the offer's last valid day. */
export function OfferQuoteForm({ quote, onSend, ...dialog }: OfferQuoteFormProps) {
  const { form, ...sending } = useSendingForm<OfferFormInput, OfferQuote>(
    OfferFormSchema,
    { price: quote.offer ? String(quote.offer.price) : '', validUntil: '' },
    onSend,
  );

  return (
    <DialogForm
      sending={sending}
      submitLabel={texts.manageQuotes.sendOffer}
      cancelLabel={texts.manageQuotes.cancel}
      {...dialog}
    >
      <TextField
        label={texts.manageQuotes.unitPrice}
        inputMode="decimal"
        autoComplete="off"
        aria-required="true"
        hint={texts.manageQuotes.unitPriceHint}
        error={form.formState.errors.price?.message}
        {...form.register('price')}
      />
      <DayField
        label={texts.manageQuotes.validUntil}
        hint={texts.manageQuotes.validUntilHint}
        error={form.formState.errors.validUntil?.message}
        {...form.register('validUntil')}
      />
    </DialogForm>
  );
}
