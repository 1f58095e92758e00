import { routes, texts, type Order, type Quote } from '@tools-factory/contract';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { useConfirmedAction } from '../../../lib/use-confirmed-action';
import { useAcceptQuote } from '../api/accept-quote';
import { useDeclineQuote } from '../api/decline-quote';
import { useQuotes } from '../api/get-quotes';
import { AcceptQuoteDialog, DeclineQuoteDialog } from './answer-offer-dialogs';
import { MyQuotesTable } from './my-quotes-table';

interface MyQuotesProps {
  /** The customer's orders waiting for payment (from the orders): an accepted quote's gets 'pay'. */
  unpaidOrderIds: ReadonlySet<string>;
  /** What the catalog has of each tool now (by id): accepting more makes the order made to order. */
  stockOf: ReadonlyMap<string, number>;
  /** An offer was accepted: its order is placed, and the stock may have moved. */
  onAccepted?: (order: Order) => void;
}

/**
 * My Quotes: the customer's quotes, newest first, or an invitation to browse the tools. Accept
 * asks first (the total, and whether it is made to order), then places the order and says its
 * reference; Decline asks first too. A refusal (the offer replaced or expired meanwhile, another
 * tab quicker) is said in the server's words, and the list is asked for again.
 */
export function MyQuotes({ unpaidOrderIds, stockOf, onAccepted }: MyQuotesProps) {
  const quotes = useQuotes();
  const acceptance = useConfirmedAction({
    mutation: useAcceptQuote(),
    // The unit price the customer read: a replaced offer is refused, not accepted at another.
    variablesOf: (quote: Quote) => ({ _id: quote._id, price: quote.offer?.price ?? 0 }),
    onDone: ({ order }) => {
      toast.success(texts.quotes.accepted(order.reference));
      onAccepted?.(order);
    },
  });
  const declining = useConfirmedAction({
    mutation: useDeclineQuote(),
    variablesOf: (quote: Quote) => quote._id,
    onDone: () => toast.success(texts.quotes.declined),
  });

  return (
    <QueryBoundary query={quotes}>
      {(list) =>
        list.length === 0 ? (
          <EmptyState message={texts.quotes.empty}>
            <Link to={`${routes.home}#tools`} className="btn btn-primary">
              {texts.quotes.browseTools}
            </Link>
          </EmptyState>
        ) : (
          <>
            <MyQuotesTable
              quotes={list}
              unpaidOrderIds={unpaidOrderIds}
              onAccept={acceptance.ask}
              onDecline={declining.ask}
            />
            <AcceptQuoteDialog
              quote={acceptance.item}
              stockOf={stockOf}
              busy={acceptance.busy}
              onConfirm={acceptance.confirm}
              onCancel={acceptance.cancel}
            />
            <DeclineQuoteDialog
              quote={declining.item}
              busy={declining.busy}
              onConfirm={declining.confirm}
              onCancel={declining.cancel}
            />
          </>
        )
      }
    </QueryBoundary>
  );
}
