-- Documents a clerk books (issue 42): the buyer's company and tax number as typed at checkout,
-- copied onto the invoice and its credit notes; each line's place in the buyer's order.
ALTER TABLE "checkouts" ADD COLUMN "company_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "tax_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "line_number" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "buyer_company" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "buyer_tax_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "buyer_company" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "buyer_tax_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Lines placed before: numbered in the order they were listed (placing time, then tool).
UPDATE "orders" SET "line_number" = numbered."line_number"
  FROM (SELECT "id", row_number() OVER (PARTITION BY "checkout_id" ORDER BY "created_at", "tool_id") AS "line_number" FROM "orders") AS numbered
  WHERE numbered."id" = "orders"."id" AND numbered."line_number" <> 1;
