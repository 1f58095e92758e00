import { z } from 'zod';
import { IdSchema, MoneySchema, priceSchema, textSchema } from './common.ts';
import { calendarDateSchema } from './quotes.ts';

/*
 * Receivables (issue 45): the invoices issued on account that are not settled yet, the payments
 * received against them (recorded by the shop's admins from the bank statement), and what a
 * company sees of its own on its Company page.
 */

/** The most a bank reference may say (an IBAN transfer's end-to-end id is 35 characters). */
export const BANK_REFERENCE_MAX_LENGTH = 80;

/** A payment received against an invoice on account, as recorded. */
export const InvoicePaymentSchema = z.object({
  _id: IdSchema,
  /** The day it arrived, 'YYYY-MM-DD' (the bank statement's). */
  receivedOn: z.string(),
  amount: MoneySchema,
  bankReference: z.string(),
  /** The shop admin who recorded it (null once their account is gone). */
  recordedBy: z.string().nullable(),
  recordedAt: z.string(),
});
export type InvoicePayment = z.infer<typeof InvoicePaymentSchema>;

/**
 * An invoice on account as its company and the shop see it: its total, what was received and
 * credited, what is still open, when it is due and how many days it is past that (0 when not).
 */
export const OpenInvoiceSchema = z.object({
  _id: IdSchema,
  number: z.string(),
  /** The checkout it bills (null once its orders are gone), and its buyer's PO number. */
  checkoutId: IdSchema.nullable(),
  poNumber: z.string(),
  buyerName: z.string(),
  issuedAt: z.string(),
  dueAt: z.string(),
  daysOverdue: z.number().int().nonnegative(),
  total: MoneySchema,
  received: MoneySchema,
  credited: MoneySchema,
  open: MoneySchema,
});
export type OpenInvoice = z.infer<typeof OpenInvoiceSchema>;

/** One invoice on the Receivables page: as above, with the payments recorded against it. */
export const ReceivableSchema = OpenInvoiceSchema.extend({
  payments: z.array(InvoicePaymentSchema),
});
export type Receivable = z.infer<typeof ReceivableSchema>;

/** A company's open invoices on the Receivables page, due date first. */
export const CompanyReceivablesSchema = z.object({
  companyId: IdSchema.nullable(),
  /** Its legal name as the invoice carries it. */
  legalName: z.string(),
  open: MoneySchema,
  overdue: MoneySchema,
  invoices: z.array(ReceivableSchema),
});
export type CompanyReceivables = z.infer<typeof CompanyReceivablesSchema>;

/**
 * GET /manageReceivables (shop admins): every open invoice on account, by company (legal name
 * order), each company's due date first; `totals` what is open and what of it is past due.
 */
export const ReceivablesSchema = z.object({
  asOf: z.string(),
  totals: z.object({ open: MoneySchema, overdue: MoneySchema, invoices: z.number().int() }),
  companies: z.array(CompanyReceivablesSchema),
});
export type Receivables = z.infer<typeof ReceivablesSchema>;

/**
 * POST /manageReceivables/{invoiceId}/payments (shop admins): a payment received, partial or
 * full. The same bank reference again answers the payment first recorded with it.
 */
export const RecordInvoicePaymentSchema = z.object({
  receivedOn: calendarDateSchema('receivedOn'),
  amount: priceSchema('amount'),
  bankReference: textSchema('bankReference', { max: BANK_REFERENCE_MAX_LENGTH }),
});
export type RecordInvoicePaymentInput = z.input<typeof RecordInvoicePaymentSchema>;
export type RecordInvoicePayment = z.output<typeof RecordInvoicePaymentSchema>;

/**
 * Its answer: the payment (the first one recorded with that reference when it was sent again),
 * the invoice as it stands now, and whether this payment settled it (its checkout is paid then).
 */
export const RecordedInvoicePaymentSchema = z.object({
  payment: InvoicePaymentSchema,
  invoice: ReceivableSchema,
  settled: z.boolean(),
});
export type RecordedInvoicePayment = z.infer<typeof RecordedInvoicePaymentSchema>;

/**
 * GET /company/invoices (company members): the company's open invoices on account, due date
 * first; its admins see every one, its buyers their own checkouts'.
 */
export const CompanyInvoicesSchema = z.object({
  invoices: z.array(OpenInvoiceSchema),
});
export type CompanyInvoices = z.infer<typeof CompanyInvoicesSchema>;
