import { formatMoney, texts, type Quote } from '@tools-factory/contract';
import { RemoveDialog } from '../../../components/ui/remove-dialog';
import { formatCount } from '../../../lib/format';

interface AnswerOfferDialogProps {
  /** The quote whose offer is answered; null: the dialog is closed. */
  quote: Quote | null;
  busy: boolean;
  onConfirm: (quote: Quote) => void;
  onCancel: () => void;
}

/** Which quote: its reference, and the tool and quantity it is for. */
function QuoteLine({ quote }: { quote: Quote }) {
  return (
    <p className="text-lg font-semibold">
      <span className="font-mono">{quote.reference}</span>: {formatCount(quote.quantity)} ×{' '}
      {quote.name}
    </p>
  );
}

/**
 * 'Accept this offer?' with the total the order will cost, and, when the catalog has fewer than
 * the quantity, that it is made to order (the server decides; this says what it will decide).
 */
export function AcceptQuoteDialog({
  quote,
  stockOf,
  ...actions
}: AnswerOfferDialogProps & { stockOf: ReadonlyMap<string, number> }) {
  return (
    <RemoveDialog
      item={quote}
      title={texts.quotes.confirmAcceptTitle}
      confirmLabel={texts.quotes.acceptConfirm}
      cancelLabel={texts.quotes.cancel}
      confirmClassName="btn-success"
      {...actions}
    >
      {(shown) => {
        const stock = stockOf.get(shown.toolId);
        return (
          <>
            <QuoteLine quote={shown} />
            <p className="mt-1">
              {texts.quotes.confirmAcceptBody(formatMoney(shown.offer?.total ?? 0))}
            </p>
            {stock !== undefined && shown.quantity > stock ? (
              <p className="text-base-content/80 mt-2 text-sm">
                {texts.quotes.confirmAcceptMadeToOrder}
              </p>
            ) : null}
          </>
        );
      }}
    </RemoveDialog>
  );
}

/** 'Decline this offer?': the price is not held afterwards. */
export function DeclineQuoteDialog({ quote, ...actions }: AnswerOfferDialogProps) {
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
