import { useMutation } from '@tanstack/react-query';
import { apiPaths, type Order } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/**
 * GET /api/orders/{id}/credit-note.pdf (bearer, the order's owner or an admin): a cancelled
 * order's credit note, saved by the browser under the name the server gives (CN-2026-000123.pdf).
 */
export async function downloadCreditNote(order: Pick<Order, '_id' | 'reference'>): Promise<void> {
  saveFile(
    await api.download(apiPaths.creditNote(order._id)),
    `credit-note-${order.reference}.pdf`,
  );
}

/**
 * GET /api/creditNotes/{id} (bearer, the order's owner or an admin, issue 42): one credit note of
 * several a line may have, saved under its number.
 */
export async function downloadCreditNoteById(note: { id: string; number: string }): Promise<void> {
  saveFile(await api.download(apiPaths.creditNoteById(note.id)), `${note.number}.pdf`);
}

/** The timeline's credit notes: each downloads and saves its own PDF. */
export function useDownloadCreditNoteById() {
  return useMutation({ mutationFn: downloadCreditNoteById });
}

/** Credit note: downloads and saves the PDF; a failure is the mutation's error. */
export function useDownloadCreditNote() {
  return useMutation({ mutationFn: downloadCreditNote });
}
