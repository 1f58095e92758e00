-- Pay on account (issue 45): a checkout is paid by card or on its company's account; an order
-- on account starts 'invoiced' (its invoice issued with it: the company, terms, due date and what
-- was received of it; paid_at null until settled), and a partial index finds a company's open
-- invoices for the credit check.
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_known";--> statement-breakpoint
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_kind_known";--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "paid_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "payment" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "payment_terms_days" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "received_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_open_company_id_due_at_idx" ON "invoices" USING btree ("company_id","due_at") WHERE "invoices"."paid_at" is null;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_payment_known" CHECK ("checkouts"."payment" in ('card', 'account'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_known" CHECK ("orders"."status" in ('unpaid', 'awaiting_approval', 'invoiced', 'paid', 'partly_shipped', 'shipped', 'cancelled', 'refunded', 'disputed', 'removed', 'expired', 'rejected'));--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_kind_known" CHECK ("order_events"."kind" in ('placed', 'paid', 'shipped', 'ship_undone', 'cancelled', 'refunded', 'disputed', 'expired', 'removed', 'email', 'awaiting_approval', 'approved', 'rejected', 'invoiced'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_paid_or_due" CHECK (("invoices"."due_at" is null) = ("invoices"."payment_terms_days" is null) and ("invoices"."paid_at" is not null or "invoices"."due_at" is not null));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_received_within" CHECK ("invoices"."received_cents" >= 0 and "invoices"."received_cents" <= "invoices"."total_cents");