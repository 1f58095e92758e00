import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** The name the file gets if the server's answer gives none. */
const FALLBACK_FILE_NAME = 'orders.csv';

/**
 * GET /api/manageOrders.csv (bearer, admins): every order as a CSV file, saved by the browser
 * under the dated name the server gives (orders-2026-11-23.csv).
 */
export async function exportOrdersCsv(): Promise<void> {
  saveFile(await api.download(apiPaths.manageOrdersCsv), FALLBACK_FILE_NAME);
}

/** Export CSV: downloads and saves the file; a failure is the mutation's error. */
export function useExportOrdersCsv() {
  return useMutation({ mutationFn: exportOrdersCsv });
}
