import { routes, texts, type Quote } from '@tools-factory/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pager } from '../../../components/ui/pager';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { toast } from '../../../lib/toast';
import { useConfirmedAction } from '../../../lib/use-confirmed-action';
import { useKeysetPages } from '../../../lib/use-keyset-pages';
import { useAcceptQuote } from '../api/accept-quote';
import { useDeclineQuote } from '../api/decline-quote';
import { useQuoteRequestsPage } from '../api/get-quote-requests';
import { useQuotesPage } from '../api/get-quotes';
import type { Acceptance, SavedShipTo } from './accept-quote-form';
import { AcceptQuoteDialog, DeclineQuoteDialog } from './answer-offer-dialogs';
import { MyQuoteRequests } from './my-quote-requests';
import { MyQuotesTable } from './my-quotes-table';
import { pagesOf } from './quote-pages';

interface MyQuotesProps {
  /** The customer's orders waiting for payment (from the orders): an accepted quote's gets 'pay'. */
  unpaidOrderIds: ReadonlySet<string>;
  /** What the catalog has of each tool now (by id): accepting more makes the order made to order. */
  stockOf: ReadonlyMap<string, number>;
  /** The buyer's saved ship-to: accepting starts from its address and phone (still editable). */
  savedShipTo?: SavedShipTo | undefined;
  /** An offer was accepted: its order (or checkout) is placed, and the stock may have moved. */
  onAccepted?: () => void;
}

/**
 * My Quotes: the customer's requests of several lines (each one card with its lines,
 * my-quote-requests.tsx), then their quotes of one tool, newest first (with their own note and ours), or an invitation
 * to browse the tools. Accept opens a dialog (the total, whether it is made to order, the
 * delivery address and phone, from the saved ship-to, and a PO number), then places the order
 * and says its reference; Decline asks first. A refusal (the offer replaced or expired meanwhile,
 * another tab quicker) is said in the server's words (in the accept dialog, or a toast for
 * Decline), and the list is asked for again. Issue 43: each list a page at a time
 * (QUOTES_PAGE_SIZE, newest first), with its own Previous and Next; the server reads only the
 * caller's own.
 */
export function MyQuotes({ unpaidOrderIds, stockOf, savedShipTo, onAccepted }: MyQuotesProps) {
  const quotePages = useKeysetPages({});
  const quotes = useQuotesPage(quotePages.after);
  const requestPages = useKeysetPages({});
  const requests = useQuoteRequestsPage(requestPages.after);
  const acceptQuote = useAcceptQuote();
  // The quote being accepted, by id: the dialog shows it as the list has it now (a refusal
  // asks for the list again, so a replaced offer's new total shows there at once).
  const [acceptingId, setAcceptingId] = useState<string | null>(null);
  const closeAcceptance = () => setAcceptingId(null);

  async function accept(quote: Quote, acceptance: Acceptance) {
    const { order } = await acceptQuote.mutateAsync({
      id: quote._id,
      // The unit price the customer read: a replaced offer is refused, not accepted at another.
      acceptance: { price: quote.offer?.price ?? 0, ...acceptance },
    });
    toast.success(texts.quotes.accepted(order.reference));
    closeAcceptance();
    onAccepted?.();
  }

  const declining = useConfirmedAction({
    mutation: useDeclineQuote(),
    variablesOf: (quote: Quote) => quote._id,
    onDone: () => toast.success(texts.quotes.declined),
  });

  return (
    <QueryBoundary query={quotes}>
      {({ quotes: list, total, next }) => (
        <QueryBoundary query={requests}>
          {(requestPage) =>
            list.length === 0 &&
            requestPage.requests.length === 0 &&
            quotePages.page === 1 &&
            requestPages.page === 1 ? (
              <EmptyState message={texts.quotes.empty}>
                <Link to={`${routes.home}#tools`} className="btn btn-primary">
                  {texts.quotes.browseTools}
                </Link>
              </EmptyState>
            ) : (
              <div className="flex flex-col gap-6">
                {requestPage.requests.length > 0 || requestPages.page > 1 ? (
                  <div>
                    <MyQuoteRequests
                      requests={requestPage.requests}
                      unpaidOrderIds={unpaidOrderIds}
                      stockOf={stockOf}
                      savedShipTo={savedShipTo}
                      onAccepted={onAccepted}
                    />
                    <Pager
                      list={texts.quoteRequests.listName}
                      page={requestPages.page}
                      pages={pagesOf(requestPage.total)}
                      hasNext={requestPage.next !== null}
                      onNext={() =>
                        requestPage.next !== null && requestPages.next(requestPage.next)
                      }
                      onPrevious={requestPages.previous}
                    />
                  </div>
                ) : null}
                {list.length > 0 || quotePages.page > 1 ? (
                  <div>
                    <MyQuotesTable
                      quotes={list}
                      unpaidOrderIds={unpaidOrderIds}
                      onAccept={(quote) => setAcceptingId(quote._id)}
                      onDecline={declining.ask}
                    />
                    <Pager
                      list={texts.quoteRequests.singleQuotesListName}
                      page={quotePages.page}
                      pages={pagesOf(total)}
                      hasNext={next !== null}
                      onNext={() => next !== null && quotePages.next(next)}
                      onPrevious={quotePages.previous}
                    />
                  </div>
                ) : null}
                <AcceptQuoteDialog
                  quote={list.find((quote) => quote._id === acceptingId) ?? null}
                  stockOf={stockOf}
                  savedShipTo={savedShipTo}
                  busy={acceptQuote.isPending}
                  onSend={accept}
                  onCancel={closeAcceptance}
                />
                <DeclineQuoteDialog
                  quote={declining.item}
                  busy={declining.busy}
                  onConfirm={declining.confirm}
                  onCancel={declining.cancel}
                />
              </div>
            )
          }
        </QueryBoundary>
      )}
    </QueryBoundary>
  );
}
