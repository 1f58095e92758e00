import { invoiceFileName, texts, type CompanyInvoices } from '@tools-factory/contract';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../http-errors.ts';
import { parseId } from '../../ids.ts';
import { selectCompanyRoleOfMember } from '../companies/companies-of-company-invoices.ts';
import type { Account } from '../identity/identity.service.ts';
import {
  selectOpenInvoiceOfCompany,
  selectOpenInvoicesOfCompany,
} from './company-invoices.repository.ts';
import type { InvoicePdf, InvoicesService } from './invoices.service.ts';
import { openInvoiceDto } from './receivables.ts';

/**
 * The company's open invoices on its Company page (issue 45, docs/decisions/066): what its
 * members see of the invoices on account, as Company Orders decides: its admins every open
 * invoice of the company, its buyers those of their own checkouts; an account of no company is
 * told 404, as GET /company/orders tells it.
 */
export function createCompanyInvoicesService(options: {
  db: Database;
  /** The PDF of an invoice, drawn as the checkout's invoice download draws it. */
  invoices: Pick<InvoicesService, 'attachmentPdf'>;
  now: () => Date;
}) {
  const { db, invoices, now } = options;

  /** Whose invoices the caller sees: the company's, and only their own when a buyer. */
  async function scopeOf(caller: Account): Promise<{ companyId: string; buyerId?: string }> {
    const member = await selectCompanyRoleOfMember(db, caller.id);
    if (!member) throw notFound(texts.companyErrors.noCompany);
    return member.role === 'admin'
      ? { companyId: member.companyId }
      : { companyId: member.companyId, buyerId: caller.id };
  }

  return {
    /** GET /company/invoices: the open invoices the caller sees, due date first. */
    async openInvoices(caller: Account): Promise<CompanyInvoices> {
      const { companyId, buyerId } = await scopeOf(caller);
      const rows = await selectOpenInvoicesOfCompany(db, companyId, buyerId);
      const at = now();
      return { invoices: rows.map((row) => openInvoiceDto(row, at)) };
    },

    /**
     * GET /company/invoices/{id}/invoice.pdf: one of those, as its checkout's invoice download
     * draws it. Another company's, another buyer's (for a buyer), a settled, an unknown or a
     * malformed id: 404 in words, so no invoice's existence is revealed.
     */
    async pdfOfOpenInvoice(caller: Account, id: string): Promise<InvoicePdf> {
      const { companyId, buyerId } = await scopeOf(caller);
      const invoiceId = parseId(id);
      const row = invoiceId
        ? await selectOpenInvoiceOfCompany(db, invoiceId, companyId, buyerId)
        : undefined;
      if (!row) throw notFound(texts.receivables.errors.notAnInvoiceOfYours);
      return {
        fileName: invoiceFileName(row.number),
        pdf: await invoices.attachmentPdf('invoice', row.id),
      };
    },
  };
}

export type CompanyInvoicesService = ReturnType<typeof createCompanyInvoicesService>;
