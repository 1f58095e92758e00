-- Refunds per line (issue 42): an order line keeps the money given back for it, and may have
-- several credit notes (partial refunds, then the cancellation of the rest).
DROP INDEX "credit_notes_order_id_unique";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "kind" text DEFAULT 'cancellation' NOT NULL;--> statement-breakpoint
CREATE INDEX "credit_notes_order_id_idx" ON "credit_notes" USING btree ("order_id");--> statement-breakpoint
-- What went back before: a cancelled order's credit note, or the gateway's refund in full.
UPDATE "orders" SET "refunded_cents" = least("credit_notes"."total_cents", "orders"."unit_price_cents"::bigint * "orders"."quantity")
  FROM "credit_notes" WHERE "credit_notes"."order_id" = "orders"."id";--> statement-breakpoint
UPDATE "orders" SET "refunded_cents" = "unit_price_cents"::bigint * "quantity" WHERE "status" = 'refunded';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_within" CHECK ("orders"."refunded_cents" >= 0 and "orders"."refunded_cents" <= "orders"."unit_price_cents"::bigint * "orders"."quantity");--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_kind_known" CHECK ("credit_notes"."kind" in ('cancellation', 'refund'));