import { formatMoney, texts, type Quote } from '@tools-factory/contract';
import { FormDialog } from '../../../components/ui/form-dialog';
import { RemoveDialog } from '../../../components/ui/remove-dialog';
import { formatCount } from '../../../lib/format';
import { AcceptQuoteForm, type Acceptance, type SavedShipTo } from './accept-quote-form';

/** Which quote: its reference, and the tool and quantity it is for. */
function QuoteLine({ quote }: { quote: Quote }) {
  return (
    <p className="text-lg font-semibold">
      <span className="font-mono">{quote.reference}</span>: {formatCount(quote.quantity)} ×{' '}
      {quote.name}
    </p>
  );
}

interface AcceptQuoteDialogProps {
  /** The quote whose offer is accepted, as the list shows it now; null: the dialog is closed. */
  quote: Quote | null;
  /** What the catalog has of each tool now (by id). */
  stockOf: ReadonlyMap<string, number>;
  /** The buyer's saved ship-to, which the address and phone start from (when there is one). */
  savedShipTo?: SavedShipTo | undefined;
  busy: boolean;
  /**
   * Places the order at the offer's price, to this address, with the PO number typed; a refusal
   * shows in the dialog.
   */
  onSend: (quote: Quote, acceptance: Acceptance) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * 'Accept this offer?' with the total the order will cost, and, when the catalog has fewer than
 * the quantity, that it is made to order (the server decides; this says what it will decide);
 * then where the order goes, as the purchase form asks (from the saved ship-to), and the buyer's
 * PO number: accepting places the order.
 */
export function AcceptQuoteDialog({
  quote,
  stockOf,
  savedShipTo,
  busy,
  onSend,
  onCancel,
}: AcceptQuoteDialogProps) {
  const stock = quote ? stockOf.get(quote.toolId) : undefined;
  return (
    <FormDialog
      open={quote !== null}
      title={texts.quotes.confirmAcceptTitle}
      closeLabel={texts.quotes.close}
      busy={busy}
      onClose={onCancel}
    >
      {quote ? (
        <>
          <div className="mb-4">
            <QuoteLine quote={quote} />
            <p className="mt-1">
              {texts.quotes.confirmAcceptBody(formatMoney(quote.offer?.total ?? 0))}
            </p>
            {stock !== undefined && quote.quantity > stock ? (
              <p className="text-base-content/80 mt-2 text-sm">
                {texts.quotes.confirmAcceptMadeToOrder}
              </p>
            ) : null}
          </div>
          <AcceptQuoteForm
            savedShipTo={savedShipTo}
            onSend={(acceptance) => onSend(quote, acceptance)}
            onCancel={onCancel}
            busy={busy}
          />
        </>
      ) : null}
    </FormDialog>
  );
}

interface DeclineQuoteDialogProps {
  /** The quote whose offer is declined; null: the dialog is closed. */
  quote: Quote | null;
  busy: boolean;
  onConfirm: (quote: Quote) => void;
  onCancel: () => void;
}

/** 'Decline this offer?': the price is not held afterwards. */
export function DeclineQuoteDialog({ quote, ...actions }: DeclineQuoteDialogProps) {
  return (
    <RemoveDialog
      item={quote}
      title={texts.quotes.confirmDeclineTitle}
      confirmLabel={texts.quotes.declineConfirm}
      cancelLabel={texts.quotes.cancel}
      {...actions}
    >
      {(shown) => (
        <>
          <QuoteLine quote={shown} />
          <p className="text-base-content/70 mt-1 text-sm">{texts.quotes.confirmDeclineBody}</p>
        </>
      )}
    </RemoveDialog>
  );
}
