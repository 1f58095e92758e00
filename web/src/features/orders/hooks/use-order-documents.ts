import type { Order } from '@tools-factory/contract';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDownloadCreditNote } from '../api/download-credit-note';
import { useDownloadInvoice } from '../api/download-invoice';

type OrderDocumentSource = Pick<Order, '_id' | 'reference'>;

/** What an orders table needs to offer an order's invoice and credit note. */
export interface OrderDocumentActions {
  onDownloadInvoice: (order: OrderDocumentSource) => void;
  /** The order whose invoice is being downloaded; null when none is. */
  downloadingInvoiceId: string | null;
  onDownloadCreditNote: (order: OrderDocumentSource) => void;
  /** The order whose credit note is being downloaded; null when none is. */
  downloadingCreditNoteId: string | null;
}

/**
 * Invoice and Credit note, for My Orders and Manage Orders alike: each downloads and saves its
 * PDF; a failure is told in the server's words.
 */
export function useOrderDocuments(): OrderDocumentActions {
  const invoice = useDownloadInvoice();
  const creditNote = useDownloadCreditNote();
  const onError = (error: Error) => toast.error(errorMessage(error));
  return {
    onDownloadInvoice: (order) => invoice.mutate(order, { onError }),
    downloadingInvoiceId: invoice.isPending ? (invoice.variables?._id ?? null) : null,
    onDownloadCreditNote: (order) => creditNote.mutate(order, { onError }),
    downloadingCreditNoteId: creditNote.isPending ? (creditNote.variables?._id ?? null) : null,
  };
}
