-- Shipping charges (issue 42): what a checkout's shipping costs (null while it is to be quoted),
-- what of it was given back, and the invoice's shipping line. Every checkout and invoice from
-- before shipped free: 0.
ALTER TABLE "credit_notes" DROP CONSTRAINT "credit_notes_kind_known";--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "shipping_cents" integer DEFAULT 0;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "shipping_refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "shipping_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_shipping_refund_within" CHECK ("checkouts"."shipping_refunded_cents" >= 0 and "checkouts"."shipping_refunded_cents" <= coalesce("checkouts"."shipping_cents", 0));--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_shipping_not_negative" CHECK ("checkouts"."shipping_cents" is null or "checkouts"."shipping_cents" >= 0);--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_kind_known" CHECK ("credit_notes"."kind" in ('cancellation', 'refund', 'shipping'));