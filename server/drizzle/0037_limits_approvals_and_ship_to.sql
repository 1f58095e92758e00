-- Spending limits and approvals (issue 44): a company buyer's monthly limit; an order past it
-- awaits approval (held as an unpaid one: the partial indexes of held orders take both), and is
-- approved (its hold starting again) or rejected (an ended status, as removed and expired are).
-- A company's ship-to addresses, which a checkout copies, and the lock that allows only them.
CREATE TABLE "company_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"label" text NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_known";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_ended_at_with_status";--> statement-breakpoint
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_kind_known";--> statement-breakpoint
DROP INDEX "orders_unpaid_user_id_idx";--> statement-breakpoint
DROP INDEX "orders_unpaid_created_idx";--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "ship_to_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "addresses_locked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "company_members" ADD COLUMN "monthly_limit_cents" integer;--> statement-breakpoint
ALTER TABLE "company_addresses" ADD CONSTRAINT "company_addresses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_addresses_company_id_label_idx" ON "company_addresses" USING btree ("company_id",lower("label"));--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_ship_to_id_company_addresses_id_fk" FOREIGN KEY ("ship_to_id") REFERENCES "public"."company_addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkouts_ship_to_id_idx" ON "checkouts" USING btree ("ship_to_id") WHERE "checkouts"."ship_to_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_held_user_id_idx" ON "orders" USING btree ("user_id") WHERE "orders"."status" in ('unpaid', 'awaiting_approval');--> statement-breakpoint
CREATE INDEX "orders_held_created_idx" ON "orders" USING btree ("created_at") WHERE "orders"."status" in ('unpaid', 'awaiting_approval');--> statement-breakpoint
CREATE INDEX "orders_awaiting_company_id_idx" ON "orders" USING btree ("company_id","created_at","checkout_id") WHERE "orders"."status" = 'awaiting_approval';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_known" CHECK ("orders"."status" in ('unpaid', 'awaiting_approval', 'paid', 'partly_shipped', 'shipped', 'cancelled', 'refunded', 'disputed', 'removed', 'expired', 'rejected'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_ended_at_with_status" CHECK (("orders"."status" in ('removed', 'expired', 'rejected')) = ("orders"."ended_at" is not null));--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_kind_known" CHECK ("order_events"."kind" in ('placed', 'paid', 'shipped', 'ship_undone', 'cancelled', 'refunded', 'disputed', 'expired', 'removed', 'email', 'awaiting_approval', 'approved', 'rejected'));--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_limit_of_buyers" CHECK ("company_members"."monthly_limit_cents" is null or ("company_members"."role" = 'buyer' and "company_members"."monthly_limit_cents" >= 0));