import { useMutation } from '@tanstack/react-query';
import { apiPaths, type Order } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/**
 * GET /api/orders/{id}/invoice.pdf (bearer, the order's owner or an admin): a paid order's invoice, saved by
 * the browser under the name the server gives (INV-2026-000123.pdf).
 */
export async function downloadInvoice(order: Pick<Order, '_id' | 'reference'>): Promise<void> {
  saveFile(await api.download(apiPaths.invoice(order._id)), `invoice-${order.reference}.pdf`);
}

/** Invoice: downloads and saves the PDF; a failure is the mutation's error. */
export function useDownloadInvoice() {
  return useMutation({ mutationFn: downloadInvoice });
}
