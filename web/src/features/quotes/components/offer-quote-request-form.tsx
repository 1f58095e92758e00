import {
  dollarsToCents,
  centsToDollars,
  formatMoney,
  isTodayOrLater,
  OfferQuoteSchema,
  QUOTE_NOTE_MAX_LENGTH,
  texts,
  type ManagedQuoteRequest,
  type OfferQuoteRequest,
} from '@tools-factory/contract';
import { z } from 'zod';
import { DialogForm, type FormInDialogProps } from '../../../components/ui/dialog-form';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { formatCount } from '../../../lib/format';
import { useSendingForm } from '../../../lib/use-sending-form';
import { DayField } from './day-field';

// The server's rules for an offer, a price per line (each an offer's price), the day included.
const OfferRequestFormSchema = z.object({
  prices: z.array(OfferQuoteSchema.shape.price),
  validUntil: OfferQuoteSchema.shape.validUntil.refine(
    (day) => isTodayOrLater(day, new Date()),
    texts.manageQuotes.validUntilPast,
  ),
  note: OfferQuoteSchema.shape.note,
});
type OfferRequestFormInput = z.input<typeof OfferRequestFormSchema>;
type OfferRequestFormOutput = z.output<typeof OfferRequestFormSchema>;

interface OfferQuoteRequestFormProps extends FormInDialogProps<OfferQuoteRequest> {
  /** The request offered on: a new offer starts from the standing one's prices and note. */
  request: ManagedQuoteRequest;
}

/** The offer's total as typed so far, or null while a price is not a number yet. */
function typedTotal(request: ManagedQuoteRequest, prices: readonly string[]): number | null {
  let cents = 0;
  for (const [index, line] of request.lines.entries()) {
    const price = Number(prices[index]);
    if (!prices[index] || !Number.isFinite(price)) return null;
    cents += dollarsToCents(price) * line.quantity;
  }
  return centsToDollars(cents);
}

/**
 * A unit price for every line of the request (each labelled with its tool and quantity, the
 * catalog's price for that quantity under it), the total they make, the offer's last valid day
 * and an optional note the customer reads with the prices.
 */
export function OfferQuoteRequestForm({ request, onSend, ...dialog }: OfferQuoteRequestFormProps) {
  const send = ({ prices, validUntil, note }: OfferRequestFormOutput) =>
    onSend({
      lines: request.lines.map((line, index) => ({ quoteId: line._id, price: prices[index] ?? 0 })),
      validUntil,
      note,
    });
  const { form, ...sending } = useSendingForm<OfferRequestFormInput, OfferRequestFormOutput>(
    OfferRequestFormSchema,
    {
      prices: request.lines.map((line) => (line.offer ? String(line.offer.price) : '')),
      validUntil: '',
      note: request.offer?.note ?? '',
    },
    send,
  );
  const { errors } = form.formState;
  const prices = form.watch('prices').map((price) => String(price ?? ''));
  const total = typedTotal(request, prices);

  return (
    <DialogForm
      sending={sending}
      submitLabel={texts.manageQuotes.sendOffer}
      cancelLabel={texts.manageQuotes.cancel}
      {...dialog}
    >
      {request.lines.map((line, index) => (
        <TextField
          key={line._id}
          label={texts.quoteRequests.unitPriceOf(line.name, formatCount(line.quantity))}
          inputMode="decimal"
          autoComplete="off"
          aria-required="true"
          hint={
            line.catalogUnitPrice === null
              ? texts.manageQuotes.noLongerOnSale
              : texts.manageQuotes.catalogPrice(formatMoney(line.catalogUnitPrice))
          }
          error={errors.prices?.[index]?.message}
          {...form.register(`prices.${index}`)}
        />
      ))}
      <p role="status" className="font-semibold">
        {total === null ? null : texts.quoteRequests.offerTotal(formatMoney(total))}
      </p>
      <DayField
        label={texts.manageQuotes.validUntil}
        hint={texts.manageQuotes.validUntilHint}
        error={errors.validUntil?.message}
        {...form.register('validUntil')}
      />
      <TextAreaField
        label={texts.manageQuotes.offerNote}
        rows={3}
        maxLength={QUOTE_NOTE_MAX_LENGTH}
        hint={texts.manageQuotes.offerNoteHint(QUOTE_NOTE_MAX_LENGTH)}
        error={errors.note?.message}
        {...form.register('note')}
      />
    </DialogForm>
  );
}
