import {
  checkoutReference,
  formatMoney,
  routes,
  texts,
  type QuoteRequest,
  type QuoteStatus,
} from '@tools-factory/contract';
import { useState } from 'react';
import { FormDialog } from '../../../components/ui/form-dialog';
import { RemoveDialog } from '../../../components/ui/remove-dialog';
import { RowButton, RowLink } from '../../../components/ui/row-actions';
import { toast } from '../../../lib/toast';
import { useConfirmedAction } from '../../../lib/use-confirmed-action';
import { useAcceptQuoteRequest } from '../api/accept-quote-request';
import { useDeclineQuoteRequest } from '../api/decline-quote-request';
import { AcceptQuoteForm, type Acceptance, type SavedShipTo } from './accept-quote-form';
import { QuoteRequestCard } from './quote-request-card';

const words = texts.quoteRequests;

interface MyQuoteRequestsProps {
  requests: QuoteRequest[];
  /** The customer's orders waiting for payment: an accepted request's checkout gets 'pay'. */
  unpaidOrderIds: ReadonlySet<string>;
  /** What the catalog has of each tool now (by id): a line beyond it is made to order. */
  stockOf: ReadonlyMap<string, number>;
  /** The buyer's saved ship-to: accepting starts from it (still editable). */
  savedShipTo?: SavedShipTo | undefined;
  /** An offer was accepted: its checkout is placed, and the stock may have moved. */
  onAccepted?: () => void;
}

/** Which request: its reference and how many lines. */
function RequestLine({ request }: { request: QuoteRequest }) {
  return (
    <p className="text-lg font-semibold">
      <span className="font-mono">{request.reference}</span>:{' '}
      {words.lineCount(request.lines.length)}
    </p>
  );
}

/** Accept and Decline on a standing offer; once accepted, pay its checkout (or find it). */
function RequestActions({
  request,
  shown,
  referenceId,
  unpaidOrderIds,
  onAccept,
  onDecline,
}: {
  request: QuoteRequest;
  shown: QuoteStatus;
  referenceId: string;
  unpaidOrderIds: ReadonlySet<string>;
  onAccept: () => void;
  onDecline: () => void;
}) {
  if (shown === 'offered') {
    return (
      <div className="flex w-full gap-2 max-md:*:flex-1 md:w-auto">
        <RowButton className="btn-success" rowNameId={referenceId} onClick={onAccept}>
          {texts.quotes.accept}
        </RowButton>
        <RowButton className="btn-outline" rowNameId={referenceId} onClick={onDecline}>
          {texts.quotes.decline}
        </RowButton>
      </div>
    );
  }
  if (shown === 'accepted' && request.checkoutId) {
    const unpaid = request.lines.some((line) => line.orderId && unpaidOrderIds.has(line.orderId));
    return unpaid ? (
      <RowLink
        to={routes.dashboardCheckoutPayment(request.checkoutId)}
        className="btn-success max-md:w-full"
        rowNameId={referenceId}
      >
        {texts.quotes.pay}
      </RowLink>
    ) : (
      <RowLink
        to={routes.dashboardOrders}
        className="btn-ghost max-md:w-full"
        rowNameId={referenceId}
      >
        {texts.quotes.viewOrder}
      </RowLink>
    );
  }
  return null;
}

/**
 * My Quotes' requests of several lines, each one card with its lines. Accept opens a dialog
 * (the total, the lines made to order, the ship-to from the saved one, a PO number), then places
 * ONE checkout and says its reference; Decline asks first. A refusal (the offer replaced or
 * expired meanwhile) is said in the server's words, and the list is asked for again.
 */
export function MyQuoteRequests({
  requests,
  unpaidOrderIds,
  stockOf,
  savedShipTo,
  onAccepted,
}: MyQuoteRequestsProps) {
  const acceptRequest = useAcceptQuoteRequest();
  const [acceptingId, setAcceptingId] = useState<string | null>(null);
  const accepting = requests.find((request) => request._id === acceptingId) ?? null;
  const close = () => setAcceptingId(null);
  // The last request asked about stays in the box while it fades out after closing.
  const [shown, setShown] = useState<QuoteRequest | null>(null);
  if (accepting && accepting !== shown) setShown(accepting);

  async function accept(request: QuoteRequest, acceptance: Acceptance) {
    const { checkoutId } = await acceptRequest.mutateAsync({
      id: request._id,
      // The prices the customer read: a replaced offer is refused, not accepted at others.
      acceptance: {
        lines: request.lines.map((line) => ({ quoteId: line._id, price: line.offer?.price ?? 0 })),
        ...acceptance,
      },
    });
    toast.success(words.accepted(checkoutReference(checkoutId)));
    close();
    onAccepted?.();
  }

  const declining = useConfirmedAction({
    mutation: useDeclineQuoteRequest(),
    variablesOf: (request: QuoteRequest) => request._id,
    onDone: () => toast.success(texts.quotes.declined),
  });

  // One clock for the whole list.
  const now = new Date();
  const madeToOrder = (shown?.lines ?? []).filter((line) => {
    const stock = stockOf.get(line.toolId);
    return stock !== undefined && line.quantity > stock;
  });
  return (
    <>
      <ul className="flex flex-col gap-4">
        {requests.map((request) => (
          <li key={request._id}>
            <QuoteRequestCard
              request={request}
              statusLabels={texts.quotes.status}
              noteLabel={texts.quotes.yourNote}
              now={now}
              actions={(status, referenceId) => (
                <RequestActions
                  request={request}
                  shown={status}
                  referenceId={referenceId}
                  unpaidOrderIds={unpaidOrderIds}
                  onAccept={() => setAcceptingId(request._id)}
                  onDecline={() => declining.ask(request)}
                />
              )}
            />
          </li>
        ))}
      </ul>
      <FormDialog
        open={accepting !== null}
        title={texts.quotes.confirmAcceptTitle}
        closeLabel={texts.quotes.close}
        busy={acceptRequest.isPending}
        onClose={close}
      >
        {shown ? (
          <>
            <div className="mb-4">
              <RequestLine request={shown} />
              <p className="mt-1">
                {words.confirmAcceptBody(formatMoney(shown.offer?.total ?? 0), shown.lines.length)}
              </p>
              {madeToOrder.length > 0 ? (
                <p className="text-base-content/80 mt-2 text-sm">
                  {words.confirmAcceptMadeToOrder(madeToOrder.map((line) => line.name).join(', '))}
                </p>
              ) : null}
            </div>
            <AcceptQuoteForm
              key={shown._id}
              savedShipTo={savedShipTo}
              onSend={(acceptance) => accept(shown, acceptance)}
              onCancel={close}
              busy={acceptRequest.isPending}
            />
          </>
        ) : null}
      </FormDialog>
      <RemoveDialog
        item={declining.item}
        title={texts.quotes.confirmDeclineTitle}
        confirmLabel={texts.quotes.declineConfirm}
        cancelLabel={texts.quotes.cancel}
        busy={declining.busy}
        onConfirm={declining.confirm}
        onCancel={declining.cancel}
      >
        {(request) => (
          <>
            <RequestLine request={request} />
            <p className="text-base-content/70 mt-1 text-sm">{texts.quotes.confirmDeclineBody}</p>
          </>
        )}
      </RemoveDialog>
    </>
  );
}
