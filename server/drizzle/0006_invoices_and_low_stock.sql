CREATE TABLE "invoice_sequences" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_sequence" integer NOT NULL,
	CONSTRAINT "invoice_sequences_positive" CHECK ("invoice_sequences"."last_sequence" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"order_id" uuid,
	"order_reference" text NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_email" text NOT NULL,
	"buyer_address" text NOT NULL,
	"buyer_phone" text DEFAULT '' NOT NULL,
	"tool_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	"made_to_order" boolean DEFAULT false NOT NULL,
	"transaction_id" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_sequence_positive" CHECK ("invoices"."sequence" > 0)
);
--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "low_stock_threshold" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_year_sequence_unique" ON "invoices" USING btree ("year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_unique" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_id_unique" ON "invoices" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_low_stock_threshold_nonnegative" CHECK ("tools"."low_stock_threshold" >= 0);--> statement-breakpoint
-- Every paid order has an invoice: the orders paid before invoices existed get theirs now, numbered
-- per year of payment in the order they were paid, and each year's sequence continues from there.
INSERT INTO "invoices" ("year", "sequence", "number", "order_id", "order_reference", "buyer_name", "buyer_email", "buyer_address", "buyer_phone", "tool_name", "quantity", "unit_price_cents", "total_cents", "made_to_order", "transaction_id", "paid_at", "issued_at")
SELECT "year", "sequence",
	'INV-' || "year" || '-' || lpad("sequence"::text, 6, '0'),
	"id", 'TF-' || upper(substr(replace("id"::text, '-', ''), 1, 8)),
	"buyer_name", "email", "address", "phone", "tool_name", "quantity", "unit_price_cents",
	"unit_price_cents"::bigint * "quantity", "made_to_order", coalesce("transaction_id", ''), "paid_on", "paid_on"
FROM (
	SELECT o.*, coalesce(u."name", '') AS "buyer_name", coalesce(o."paid_at", o."created_at") AS "paid_on",
		extract(year FROM coalesce(o."paid_at", o."created_at") AT TIME ZONE 'UTC')::integer AS "year",
		row_number() OVER (
			PARTITION BY extract(year FROM coalesce(o."paid_at", o."created_at") AT TIME ZONE 'UTC')
			ORDER BY coalesce(o."paid_at", o."created_at"), o."id"
		)::integer AS "sequence"
	FROM "orders" o LEFT JOIN "users" u ON u."id" = o."user_id"
	WHERE o."status" <> 'unpaid'
) AS "paid";--> statement-breakpoint
INSERT INTO "invoice_sequences" ("year", "last_sequence")
SELECT "year", max("sequence") FROM "invoices" GROUP BY "year";
