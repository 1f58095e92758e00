-- Pay on account (issue 45): what the shop agrees with a company: net payment terms (null: card
-- only), a credit limit its open invoices must fit, whether a PO number is required, and tax
-- exemption (reverse charge), which needs the company's tax number.
ALTER TABLE "companies" ADD COLUMN "payment_terms_days" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "credit_limit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "po_number_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "tax_exempt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_payment_terms_offered" CHECK ("companies"."payment_terms_days" is null or "companies"."payment_terms_days" in (7, 15, 30, 45, 60, 90));--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_credit_limit_not_negative" CHECK ("companies"."credit_limit_cents" >= 0);--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_tax_exempt_named" CHECK (not "companies"."tax_exempt" or "companies"."tax_number" <> '');