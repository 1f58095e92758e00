import { useMutation } from '@tanstack/react-query';
import { apiPaths, type OpenInvoice } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/**
 * GET /api/company/invoices/{id}/invoice.pdf (bearer, company members): one of the company's
 * open invoices, the same PDF as its checkout's, saved under the name the server gives
 * (INV-2026-000123.pdf).
 */
async function downloadCompanyInvoice(invoice: Pick<OpenInvoice, '_id' | 'number'>) {
  saveFile(await api.download(apiPaths.companyInvoicePdf(invoice._id)), `${invoice.number}.pdf`);
}

export function useDownloadCompanyInvoice() {
  return useMutation({ mutationFn: downloadCompanyInvoice });
}
