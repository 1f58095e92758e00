/**
 * Invoices (docs/architecture.md#business-buyers, issue 13): every paid order has one, numbered in
 * one gap-free sequence per calendar year (UTC) of its payment: INV-2026-000123. The number is
 * taken in the transaction that marks the order paid, so a payment that rolls back takes none and
 * two instances never give the same one. No zod here: the web app's pages import these.
 */

/** How many digits the running number has (more than a million invoices a year widen it). */
const SEQUENCE_DIGITS = 6;

/** 'INV-2026-000123': the year of payment and the running number within that year. */
export function invoiceNumber(year: number, sequence: number): string {
  return `INV-${year}-${String(sequence).padStart(SEQUENCE_DIGITS, '0')}`;
}

/** Matches what invoiceNumber makes (tests, clients that file invoices). */
export const INVOICE_NUMBER_PATTERN = /^INV-\d{4}-\d{6,}$/;

/** The PDF's file name, as the download and the e-mail attachment name it. */
export function invoiceFileName(number: string): string {
  return `${number}.pdf`;
}

/**
 * 'CN-2026-000123': a credit note (a cancelled paid order's refund, issue 22) is numbered as an
 * invoice is, in a gap-free sequence of its own per calendar year (UTC) of its issue.
 */
export function creditNoteNumber(year: number, sequence: number): string {
  return `CN-${year}-${String(sequence).padStart(SEQUENCE_DIGITS, '0')}`;
}

/** Matches what creditNoteNumber makes. */
export const CREDIT_NOTE_NUMBER_PATTERN = /^CN-\d{4}-\d{6,}$/;
