import { useMutation } from '@tanstack/react-query';
import { apiPaths, type ManagedOrder } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/**
 * GET /api/orders/{id}/invoice.pdf (bearer, admins may download any order's): a paid order's
 * invoice, saved under the name the server gives (INV-2026-000123.pdf).
 */
export async function downloadOrderInvoice(
  order: Pick<ManagedOrder, '_id' | 'reference'>,
): Promise<void> {
  saveFile(await api.download(apiPaths.invoice(order._id)), `invoice-${order.reference}.pdf`);
}

/** Manage Orders' Invoice: downloads and saves the PDF; a failure is the mutation's error. */
export function useDownloadOrderInvoice() {
  return useMutation({ mutationFn: downloadOrderInvoice });
}

/**
 * GET /api/orders/{id}/credit-note.pdf (bearer, admins may download any order's): a cancelled
 * order's credit note, saved under the name the server gives (CN-2026-000123.pdf).
 */
export async function downloadOrderCreditNote(
  order: Pick<ManagedOrder, '_id' | 'reference'>,
): Promise<void> {
  saveFile(
    await api.download(apiPaths.creditNote(order._id)),
    `credit-note-${order.reference}.pdf`,
  );
}

/** Manage Orders' Credit note: downloads and saves the PDF; a failure is the mutation's error. */
export function useDownloadOrderCreditNote() {
  return useMutation({ mutationFn: downloadOrderCreditNote });
}
