import {
  CheckoutRefusalSchema,
  RequestQuoteSchema,
  isTodayOrLater,
  routes,
  texts,
  type CheckoutRefusal,
  type QuoteRequest,
  type RequestQuoteFromCart as RequestValues,
} from '@tools-factory/contract';
import { useState } from 'react';
import { FaFileSignature } from 'react-icons/fa';
import { Link } from 'react-router';
import { z } from 'zod';
import { DialogForm } from '../../../components/ui/dialog-form';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { isApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useSendingForm } from '../../../lib/use-sending-form';
import { useRequestQuoteFromCart } from '../api/request-quote-from-cart';
import { DayField } from './day-field';

const words = texts.quoteRequests;

/** A line the server refused, named by its tool and why (a checkout's refusal's shape). */
export type RefusedQuoteLine = NonNullable<CheckoutRefusal['lines']>[number];

// The server's rules for the request's date and note, the day checked by the browser's clock too.
const RequestFormSchema = z.object({
  neededBy: RequestQuoteSchema.shape.neededBy.refine(
    (day) => isTodayOrLater(day, new Date()),
    texts.quotes.neededByPast,
  ),
  note: RequestQuoteSchema.shape.note,
});
type RequestFormInput = z.input<typeof RequestFormSchema>;

interface RequestQuoteFromCartProps {
  /** How many lines the cart holds: every one is asked for. */
  lineCount: number;
  /** The lines the server refused (none once a request went through): the cart says why. */
  onRefusedLines: (lines: RefusedQuoteLine[]) => void;
}

function RequestForm({
  onSend,
  onCancel,
  busy,
}: {
  onSend: (values: RequestValues) => Promise<unknown>;
  onCancel: () => void;
  busy: boolean;
}) {
  const { form, ...sending } = useSendingForm<RequestFormInput, RequestValues>(
    RequestFormSchema,
    { neededBy: '', note: '' },
    onSend,
  );
  const { errors } = form.formState;
  return (
    <DialogForm
      sending={sending}
      submitLabel={texts.quotes.sendRequest}
      cancelLabel={texts.quotes.cancel}
      busy={busy}
      onCancel={onCancel}
    >
      <p className="text-base-content/80 text-sm">{words.requestKeepsCart}</p>
      <DayField
        label={texts.quotes.neededBy}
        error={errors.neededBy?.message}
        {...form.register('neededBy')}
      />
      <TextAreaField
        label={texts.quotes.note}
        rows={3}
        hint={texts.quotes.noteHint}
        error={errors.note?.message}
        {...form.register('note')}
      />
    </DialogForm>
  );
}

/**
 * On the cart page, beside the checkout: 'Request a quote for these lines' asks a price for every
 * line of the cart at once (a needed-by date and a note); the cart stays as it is. A refusal
 * names each line that cannot be quoted, in the dialog and on the cart's lines; a request sent
 * is said in a toast and stays said here with the way to My Quotes.
 */
export function RequestQuoteFromCart({ lineCount, onRefusedLines }: RequestQuoteFromCartProps) {
  const requestQuote = useRequestQuoteFromCart();
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState<QuoteRequest | null>(null);
  const [refused, setRefused] = useState<RefusedQuoteLine[]>([]);
  const close = () => setOpen(false);

  async function send(values: RequestValues) {
    setRefused([]);
    try {
      const request = await requestQuote.mutateAsync(values);
      onRefusedLines([]);
      toast.success(words.requested(request.reference));
      setRequested(request);
      close();
    } catch (error) {
      const refusal = isApiError(error) ? CheckoutRefusalSchema.safeParse(error.body) : null;
      const lines = refusal?.success ? (refusal.data.lines ?? []) : [];
      setRefused(lines);
      onRefusedLines(lines);
      throw error;
    }
  }

  return (
    <div className="card bg-base-100 border-base-300 border shadow-sm">
      <div className="card-body gap-3">
        <p className="text-sm">{words.requestInvite}</p>
        <div>
          <button
            type="button"
            className="btn btn-outline btn-accent w-full"
            onClick={() => {
              setRefused([]);
              setOpen(true);
            }}
          >
            <FaFileSignature aria-hidden="true" />
            {words.requestFromCart}
          </button>
        </div>
        {requested ? (
          <p role="status" className="text-sm">
            {words.requested(requested.reference)}{' '}
            <Link to={routes.dashboardMyQuotes} className="link link-accent font-semibold">
              {texts.dashboard.myQuotes}
            </Link>
          </p>
        ) : null}
      </div>
      <FormDialog
        open={open}
        title={words.requestTitle(lineCount)}
        closeLabel={texts.quotes.close}
        busy={requestQuote.isPending}
        onClose={close}
      >
        <RequestForm onSend={send} onCancel={close} busy={requestQuote.isPending} />
        {refused.length > 0 ? (
          <ul aria-label={words.lines} className="text-error mt-3 list-disc pl-5 text-sm">
            {refused.map((line) => (
              <li key={line.toolId}>
                <span className="font-mono">{line.sku}</span>: {line.message}
              </li>
            ))}
          </ul>
        ) : null}
      </FormDialog>
    </div>
  );
}
