import { texts, type ManagedQuote, type OfferQuote } from '@tools-factory/contract';
import { useState } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormDialog } from '../../../components/ui/form-dialog';
import { Pager } from '../../../components/ui/pager';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { toast } from '../../../lib/toast';
import { useKeysetPages } from '../../../lib/use-keyset-pages';
import { useManagedQuoteRequestsPage } from '../api/get-managed-quote-requests';
import { useManagedQuotesPage } from '../api/get-managed-quotes';
import { useOfferQuote } from '../api/offer-quote';
import { useRefuseQuote } from '../api/refuse-quote';
import { ManagedQuoteRequests } from './managed-quote-requests';
import { ManagedQuotesTable } from './managed-quotes-table';
import { OfferQuoteForm } from './offer-quote-form';
import { pagesOf } from './quote-pages';
import { RefuseQuoteForm } from './refuse-quote-form';

type OpenDialog = { kind: 'offer' | 'refuse'; quote: ManagedQuote } | null;

/**
 * Quotes (admins): the requests of several lines (each one card, managed-quote-requests.tsx),
 * then every quote of one tool, open ones first. 'Make an offer' / 'New offer' and 'Decline'
 * open their dialog; what the server refuses (accepted or declined meanwhile) is said in the
 * dialog, and the list is asked for again after every answer. Issue 43: each list a page at a
 * time (QUOTES_PAGE_SIZE, open ones first as before), with its own Previous and Next.
 */
export function ManageQuotes() {
  const quotePages = useKeysetPages({});
  const quotes = useManagedQuotesPage(quotePages.after);
  const requestPages = useKeysetPages({});
  const requests = useManagedQuoteRequestsPage(requestPages.after);
  const offerQuote = useOfferQuote();
  const refuseQuote = useRefuseQuote();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  // The last quote asked about stays in the box while it fades out after closing.
  const [shown, setShown] = useState<ManagedQuote | null>(null);
  if (dialog && dialog.quote !== shown) setShown(dialog.quote);
  const close = () => setDialog(null);

  async function offer(quote: ManagedQuote, values: OfferQuote) {
    await offerQuote.mutateAsync({ id: quote._id, offer: values });
    toast.success(texts.manageQuotes.offerSent(quote.email));
    close();
  }

  async function refuse(quote: ManagedQuote, reason: string) {
    await refuseQuote.mutateAsync({ id: quote._id, refusal: { reason } });
    toast.success(texts.manageQuotes.declined);
    close();
  }

  return (
    <QueryBoundary query={quotes}>
      {({ quotes: list, total, next }) => (
        <QueryBoundary query={requests}>
          {(requestPage) =>
            list.length === 0 &&
            requestPage.requests.length === 0 &&
            quotePages.page === 1 &&
            requestPages.page === 1 ? (
              <EmptyState message={texts.manageQuotes.empty} />
            ) : (
              <div className="flex flex-col gap-6">
                {requestPage.requests.length > 0 || requestPages.page > 1 ? (
                  <div>
                    <ManagedQuoteRequests requests={requestPage.requests} />
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
                    <ManagedQuotesTable
                      quotes={list}
                      onOffer={(quote) => setDialog({ kind: 'offer', quote })}
                      onRefuse={(quote) => setDialog({ kind: 'refuse', quote })}
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
                <FormDialog
                  open={dialog?.kind === 'offer'}
                  title={texts.manageQuotes.offerTitle(shown?.reference ?? '')}
                  closeLabel={texts.quotes.close}
                  busy={offerQuote.isPending}
                  onClose={close}
                >
                  {shown ? (
                    <OfferQuoteForm
                      quote={shown}
                      onSend={(values) => offer(shown, values)}
                      onCancel={close}
                      busy={offerQuote.isPending}
                    />
                  ) : null}
                </FormDialog>
                <FormDialog
                  open={dialog?.kind === 'refuse'}
                  title={texts.manageQuotes.declineTitle(shown?.reference ?? '')}
                  closeLabel={texts.quotes.close}
                  busy={refuseQuote.isPending}
                  onClose={close}
                >
                  {shown ? (
                    <RefuseQuoteForm
                      onSend={({ reason }) => refuse(shown, reason)}
                      onCancel={close}
                      busy={refuseQuote.isPending}
                    />
                  ) : null}
                </FormDialog>
              </div>
            )
          }
        </QueryBoundary>
      )}
    </QueryBoundary>
  );
}
