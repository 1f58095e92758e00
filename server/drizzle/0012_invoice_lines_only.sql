-- Issue 26: every invoice keeps its lines in invoice_lines (0011 moved the one line of older
-- invoices there), so the one-line columns of invoices go.
ALTER TABLE "invoices" DROP COLUMN "tool_name";--> statement-breakpoint
ALTER TABLE "invoices" DROP COLUMN "quantity";--> statement-breakpoint
ALTER TABLE "invoices" DROP COLUMN "unit_price_cents";--> statement-breakpoint
ALTER TABLE "invoices" DROP COLUMN "made_to_order";