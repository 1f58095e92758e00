import { texts, type ManagedQuote, type OfferQuote } from '@tools-factory/contract';
import { useState } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormDialog } from '../../../components/ui/form-dialog';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { toast } from '../../../lib/toast';
import { useManagedQuotes } from '../api/get-managed-quotes';
import { useOfferQuote } from '../api/offer-quote';
import { useRefuseQuote } from '../api/refuse-quote';
import { ManagedQuotesTable } from './managed-quotes-table';
import { OfferQuoteForm } from './offer-quote-form';
import { RefuseQuoteForm } from './refuse-quote-form';

type OpenDialog = { kind: 'offer' | 'refuse'; quote: ManagedQuote } | null;

/**
 * Quotes (admins): every quote, open ones first. 'Make an offer' / 'New offer' and 'Decline'
 * open their dialog; what the server refuses (accepted or declined meanwhile) is said in the
 * dialog, and the list is asked for again after every answer.
 */
export function ManageQuotes() {
  const quotes = useManagedQuotes();
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
      {(list) =>
        list.length === 0 ? (
          <EmptyState message={texts.manageQuotes.empty} />
        ) : (
          <>
            <ManagedQuotesTable
              quotes={list}
              onOffer={(quote) => setDialog({ kind: 'offer', quote })}
              onRefuse={(quote) => setDialog({ kind: 'refuse', quote })}
            />
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
          </>
        )
      }
    </QueryBoundary>
  );
}
