import { useState } from 'react';
import {
  formatMoney,
  isTodayOrLater,
  OfferQuoteSchema,
  QUOTE_NOTE_MAX_LENGTH,
  texts,
  type ManagedQuote,
  type OfferQuote,
} from '@tools-factory/contract';
import { z } from 'zod';
import { TextAreaField } from '../../../components/ui/text-area-field';
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
  note: OfferQuoteSchema.shape.note,
});
type OfferFormInput = z.input<typeof OfferFormSchema>;

interface OfferQuoteFormProps extends FormInDialogProps<OfferQuote> {
  /** The quote offered on: a new offer starts from the standing one's price and note. */
  quote: ManagedQuote;
}

/**
 * A unit price (dollars, two decimals at most), the offer's last valid day and an optional note
 * the customer reads with the price (lead time, terms). A price above what the catalog charges
 * for that quantity (a slip of a digit, most likely) is sent only once the admin has seen it
 * said and sent it again.
 */
export function OfferQuoteForm({ quote, onSend, ...dialog }: OfferQuoteFormProps) {
  const catalog = quote.catalogUnitPrice;
  // The price above the catalog the admin was asked about: sending that same price confirms it.
  const [askedAbove, setAskedAbove] = useState<number | null>(null);
  const send = (offer: OfferQuote) => {
    if (catalog !== null && offer.price > catalog && offer.price !== askedAbove) {
      setAskedAbove(offer.price);
      return Promise.resolve();
    }
    return onSend(offer);
  };
  const { form, ...sending } = useSendingForm<OfferFormInput, OfferQuote>(
    OfferFormSchema,
    {
      price: quote.offer ? String(quote.offer.price) : '',
      validUntil: '',
      note: quote.offer?.note ?? '',
    },
    send,
  );

  return (
    <DialogForm
      sending={sending}
      submitLabel={
        askedAbove === null ? texts.manageQuotes.sendOffer : texts.manageQuotes.sendAboveCatalog
      }
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
      <TextAreaField
        label={texts.manageQuotes.offerNote}
        rows={3}
        maxLength={QUOTE_NOTE_MAX_LENGTH}
        hint={texts.manageQuotes.offerNoteHint(QUOTE_NOTE_MAX_LENGTH)}
        error={form.formState.errors.note?.message}
        {...form.register('note')}
      />
      {askedAbove !== null && catalog !== null ? (
        <p role="alert" className="alert alert-warning alert-soft text-sm">
          {texts.manageQuotes.aboveCatalog(formatMoney(askedAbove), formatMoney(catalog))}
        </p>
      ) : null}
    </DialogForm>
  );
}
