import {
  formatMoney,
  texts,
  type ManagedQuoteRequest,
  type ManagedQuoteRequestLine,
  type OfferQuoteRequest,
} from '@tools-factory/contract';
import { useState } from 'react';
import { EmailAddress } from '../../../components/ui/email-address';
import { FormDialog } from '../../../components/ui/form-dialog';
import { RowButton } from '../../../components/ui/row-actions';
import { formatCount } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useOfferQuoteRequest } from '../api/offer-quote-request';
import { useRefuseQuoteRequest } from '../api/refuse-quote-request';
import { OfferQuoteRequestForm } from './offer-quote-request-form';
import { QuoteRequestCard } from './quote-request-card';
import { RefuseQuoteForm } from './refuse-quote-form';

type OpenDialog = { kind: 'offer' | 'refuse'; request: ManagedQuoteRequest } | null;

/** Under a line: the catalog's price for its quantity and whether the stock covers it. */
function CatalogHints({ line }: { line: ManagedQuoteRequestLine }) {
  const { catalogUnitPrice, availableQuantity } = line;
  if (catalogUnitPrice === null || availableQuantity === null) {
    return (
      <span className="text-base-content/70 block text-xs">
        {texts.manageQuotes.noLongerOnSale}
      </span>
    );
  }
  return (
    <span className="text-base-content/70 block text-xs">
      {texts.manageQuotes.catalogPrice(formatMoney(catalogUnitPrice))} ·{' '}
      {line.quantity > availableQuantity
        ? texts.manageQuotes.beyondStock
        : texts.manageQuotes.inStock(formatCount(availableQuantity))}
    </span>
  );
}

/**
 * Quotes (admins): the requests of several lines, each one card with its customer and lines
 * beside the catalog. 'Make an offer' (a unit price per line, one day, one note) or 'New offer',
 * and 'Decline' (the whole request, with a reason) while it is open; a refusal is said in the
 * dialog, and the list is asked for again after every answer.
 */
export function ManagedQuoteRequests({ requests }: { requests: ManagedQuoteRequest[] }) {
  const offerRequest = useOfferQuoteRequest();
  const refuseRequest = useRefuseQuoteRequest();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  // The last request asked about stays in the box while it fades out after closing.
  const [shown, setShown] = useState<ManagedQuoteRequest | null>(null);
  if (dialog && dialog.request !== shown) setShown(dialog.request);
  const close = () => setDialog(null);

  async function offer(request: ManagedQuoteRequest, values: OfferQuoteRequest) {
    await offerRequest.mutateAsync({ id: request._id, offer: values });
    toast.success(texts.manageQuotes.offerSent(request.email));
    close();
  }

  async function refuse(request: ManagedQuoteRequest, reason: string) {
    await refuseRequest.mutateAsync({ id: request._id, refusal: { reason } });
    toast.success(texts.manageQuotes.declined);
    close();
  }

  const now = new Date();
  return (
    <>
      <ul className="flex flex-col gap-4">
        {requests.map((request) => (
          <li key={request._id}>
            <QuoteRequestCard
              request={request}
              statusLabels={texts.manageQuotes.status}
              noteLabel={texts.manageQuotes.customerNote}
              now={now}
              facts={
                <div className="flex min-w-0 gap-1">
                  <dt className="text-base-content/70">{texts.manageQuotes.columns.customer}:</dt>
                  <dd className="min-w-0 wrap-break-word">
                    <EmailAddress email={request.email} />
                  </dd>
                </div>
              }
              lineHints={(line) => <CatalogHints line={line} />}
              actions={(status, referenceId) =>
                status === 'requested' || status === 'offered' || status === 'expired' ? (
                  <div className="flex w-full gap-2 max-md:*:flex-1 md:w-auto">
                    <RowButton
                      className="btn-primary"
                      rowNameId={referenceId}
                      onClick={() => setDialog({ kind: 'offer', request })}
                    >
                      {status === 'requested'
                        ? texts.manageQuotes.makeOffer
                        : texts.manageQuotes.newOffer}
                    </RowButton>
                    <RowButton
                      className="btn-error btn-outline"
                      rowNameId={referenceId}
                      onClick={() => setDialog({ kind: 'refuse', request })}
                    >
                      {texts.manageQuotes.decline}
                    </RowButton>
                  </div>
                ) : null
              }
            />
          </li>
        ))}
      </ul>
      <FormDialog
        open={dialog?.kind === 'offer'}
        title={texts.quoteRequests.offerTitle(shown?.reference ?? '')}
        closeLabel={texts.quotes.close}
        busy={offerRequest.isPending}
        onClose={close}
      >
        {shown ? (
          <OfferQuoteRequestForm
            key={shown._id}
            request={shown}
            onSend={(values) => offer(shown, values)}
            onCancel={close}
            busy={offerRequest.isPending}
          />
        ) : null}
      </FormDialog>
      <FormDialog
        open={dialog?.kind === 'refuse'}
        title={texts.manageQuotes.declineTitle(shown?.reference ?? '')}
        closeLabel={texts.quotes.close}
        busy={refuseRequest.isPending}
        onClose={close}
      >
        {shown ? (
          <RefuseQuoteForm
            key={shown._id}
            onSend={({ reason }) => refuse(shown, reason)}
            onCancel={close}
            busy={refuseRequest.isPending}
          />
        ) : null}
      </FormDialog>
    </>
  );
}
