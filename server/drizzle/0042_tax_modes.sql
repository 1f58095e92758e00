-- Tax as businesses book it (issue 45): each order keeps its tax mode (included, added, or
-- reverse-charge for a tax-exempt company) and, when tax is added, its part of its checkout's tax;
-- the shipping keeps its own part; invoices and credit notes keep the tax added within their totals.
-- What a line or a shipping may give back grows by its tax.
ALTER TABLE "checkouts" DROP CONSTRAINT "checkouts_shipping_refund_within";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_refunded_within";--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "shipping_tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_mode" text DEFAULT 'included' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "tax_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_shipping_tax_not_negative" CHECK ("checkouts"."shipping_tax_cents" >= 0);--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_shipping_refund_within" CHECK ("checkouts"."shipping_refunded_cents" >= 0 and "checkouts"."shipping_refunded_cents" <= coalesce("checkouts"."shipping_cents", 0) + "checkouts"."shipping_tax_cents");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tax_mode_known" CHECK ("orders"."tax_mode" in ('included', 'added', 'reverse-charge') and "orders"."tax_cents" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_within" CHECK ("orders"."refunded_cents" >= 0 and "orders"."refunded_cents" <= "orders"."unit_price_cents"::bigint * "orders"."quantity" + "orders"."tax_cents");