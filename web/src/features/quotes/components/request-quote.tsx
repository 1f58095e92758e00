import { routes, texts, type Quote, type Tool } from '@tools-factory/contract';
import { useState } from 'react';
import { FaFileSignature } from 'react-icons/fa';
import { Link } from 'react-router';
import { FormDialog } from '../../../components/ui/form-dialog';
import { toast } from '../../../lib/toast';
import { useRequestQuote } from '../api/request-quote';
import { RequestQuoteForm, type RequestFormValues } from './request-quote-form';

interface RequestQuoteProps {
  tool: Tool;
  /** The quantity typed in the order form (null: none, or not a number): the request starts from it. */
  typedQuantity?: number | null;
  /** More classes of the card (its place on the page). */
  className?: string;
}

/**
 * Under the order form (docs/architecture.md#business-buyers): for a quantity beyond the stock, or
 * a price to negotiate, 'Request a quote' opens the request in a dialog. A sent request is said in
 * a toast, and stays said here with the way to My Quotes, where its offer will come.
 */
export function RequestQuote({ tool, typedQuantity = null, className = '' }: RequestQuoteProps) {
  const requestQuote = useRequestQuote();
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState<Quote | null>(null);
  const close = () => setOpen(false);

  async function send(request: RequestFormValues) {
    const quote = await requestQuote.mutateAsync({ toolId: tool._id, ...request });
    toast.success(texts.quotes.requested(quote.reference));
    setRequested(quote);
    close();
  }

  return (
    <div className={`card bg-base-100 border-base-300 border shadow-sm ${className}`}>
      <div className="card-body gap-3">
        <p>{texts.quotes.requestInvite}</p>
        <div>
          <button
            type="button"
            className="btn btn-outline btn-accent w-full sm:w-auto"
            onClick={() => setOpen(true)}
          >
            <FaFileSignature aria-hidden="true" />
            {texts.quotes.requestQuote}
          </button>
        </div>
        {requested ? (
          <p role="status" className="text-sm">
            {texts.quotes.requested(requested.reference)}{' '}
            <Link to={routes.dashboardMyQuotes} className="link link-accent font-semibold">
              {texts.dashboard.myQuotes}
            </Link>
          </p>
        ) : null}
      </div>
      <FormDialog
        open={open}
        title={texts.quotes.requestTitle(tool.name)}
        closeLabel={texts.quotes.close}
        busy={requestQuote.isPending}
        onClose={close}
      >
        <RequestQuoteForm
          tool={tool}
          typedQuantity={typedQuantity}
          onSend={send}
          onCancel={close}
          busy={requestQuote.isPending}
        />
      </FormDialog>
    </div>
  );
}
