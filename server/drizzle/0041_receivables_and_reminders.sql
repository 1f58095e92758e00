-- Receivables and reminders (issue 45): payments received against invoices on account (the bank
-- reference unique in any case), what credit notes took off an open invoice, the reminders sent
-- (one row per invoice and kind, so each goes once), and the timeline's 'payment_received'.
CREATE TABLE "invoice_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"received_on" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"bank_reference" text NOT NULL,
	"recorded_by" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payments_amount_positive" CHECK ("invoice_payments"."amount_cents" > 0),
	CONSTRAINT "invoice_payments_reference_given" CHECK ("invoice_payments"."bank_reference" <> '' and "invoice_payments"."bank_reference" = btrim("invoice_payments"."bank_reference"))
);
--> statement-breakpoint
CREATE TABLE "invoice_reminders" (
	"invoice_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_reminders_invoice_id_kind_pk" PRIMARY KEY("invoice_id","kind"),
	CONSTRAINT "invoice_reminders_kind_known" CHECK ("invoice_reminders"."kind" ~ '^(due-in-3|due|overdue-[0-9]+)$')
);
--> statement-breakpoint
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_kind_known";--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_received_within";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credited_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_bank_reference_unique" ON "invoice_payments" USING btree (lower("bank_reference"));--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_id_idx" ON "invoice_payments" USING btree ("invoice_id");--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_kind_known" CHECK ("order_events"."kind" in ('placed', 'paid', 'shipped', 'ship_undone', 'cancelled', 'refunded', 'disputed', 'expired', 'removed', 'email', 'awaiting_approval', 'approved', 'rejected', 'invoiced', 'payment_received'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_received_within" CHECK ("invoices"."received_cents" >= 0 and "invoices"."credited_cents" >= 0 and "invoices"."received_cents" + "invoices"."credited_cents" <= "invoices"."total_cents");