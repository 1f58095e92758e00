import { useMutation } from '@tanstack/react-query';
import { apiPaths, type Checkout } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/**
 * GET /api/checkouts/{id}/invoice.pdf (bearer): a paid checkout's one invoice, every line on it,
 * saved under the name the server gives (INV-2026-000123.pdf).
 */
async function downloadCheckoutInvoice(checkout: Pick<Checkout, '_id' | 'reference'>) {
  saveFile(
    await api.download(apiPaths.checkoutInvoice(checkout._id)),
    `invoice-${checkout.reference}.pdf`,
  );
}

export function useDownloadCheckoutInvoice() {
  return useMutation({ mutationFn: downloadCheckoutInvoice });
}
