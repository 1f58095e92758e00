import { describe, expect, it } from 'vitest';
import { readPdf } from '../../testing/pdf.ts';
import { renderInvoicePdf, type DocumentLine } from './invoice-pdf.ts';
import type { InvoiceRow } from './invoices.repository.ts';

const seller = {
  name: 'Tools Factory Ltd',
  addressLines: ['1 Forge Way', 'Sheffield'],
  email: 'accounts@example.com',
  companyNumber: '01234567',
  taxNumber: 'GB123456789',
  bankLines: ['IBAN GB00 TEST 0000 0000 0000 00'],
  zeroTaxReason: 'the seller is not registered for VAT.',
};

/** A checkout's invoice as stored, its lines beside it. */
function invoiceOf(lines: readonly DocumentLine[]): InvoiceRow {
  const paidAt = new Date('2026-11-20T10:00:00Z');
  return {
    id: '00000000-0000-4000-8000-00000000000a',
    year: 2026,
    sequence: 42,
    number: 'INV-2026-000042',
    orderId: null,
    orderReference: 'CO-1A2B3C4D',
    buyerName: 'Ada Buyer',
    buyerEmail: 'ada@example.com',
    buyerAddress: '9 Mill Lane\nLeeds',
    buyerPhone: '',
    buyerCompany: '',
    buyerTaxNumber: '',
    buyerBillingAddress: '',
    checkoutId: null,
    poNumber: 'PO-88-A',
    shippingCents: 0,
    totalCents: lines.reduce((sum, line) => sum + line.totalCents, 0),
    transactionId: 'pi_test_many_lines',
    paidAt,
    issuedAt: paidAt,
    companyId: null,
    paymentTermsDays: null,
    dueAt: null,
    receivedCents: 0,
    creditedCents: 0,
    taxCents: 0,
  };
}

const lineNumber = (index: number) => `SKU-${String(index + 1).padStart(3, '0')}`;

describe('the invoice PDF of a checkout (issue 26)', () => {
  it('draws a table of every line (SKU, tool, figures), the PO number and the total, over as many pages as it takes', async () => {
    const lines: DocumentLine[] = Array.from({ length: 45 }, (_, index) => ({
      sku: lineNumber(index),
      toolName: `Bench Vice ${index + 1}`,
      madeToOrder: index === 3,
      quantity: 10 + index,
      unitPriceCents: 1_250,
      totalCents: 1_250 * (10 + index),
    }));
    const pdf = await readPdf(
      await renderInvoicePdf(invoiceOf(lines), lines, {
        seller,
        taxRateBasisPoints: 2000,
        taxMode: 'included',
        quoteReference: null,
      }),
    );
    expect(pdf.pages.length).toBeGreaterThan(1);
    for (const [index] of lines.entries()) expect(pdf.text).toContain(lineNumber(index));
    expect(pdf.text).toContain('PO-88-A');
    expect(pdf.text).toContain('CO-1A2B3C4D');
    // The total, once, on the last page, below the last line; each page has its footer.
    const total = `$${(invoiceOf(lines).totalCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })} USD`;
    expect(pdf.pages.at(-1)).toContain(total);
    expect(pdf.pages.at(-1)).toContain(lineNumber(44));
    pdf.pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} of ${pdf.pages.length}`);
      // Every page that continues the table repeats its header.
      expect(page).toContain('SKU');
    });
  });
});
