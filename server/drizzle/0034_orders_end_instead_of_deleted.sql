-- Orders are never deleted (issue 44): a removed or expired unpaid order keeps its row and
-- timeline, with a status of its own and the time it ended; the spec's calls leave them out.
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_known";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_ended_at_with_status" CHECK (("orders"."status" in ('removed', 'expired')) = ("orders"."ended_at" is not null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_known" CHECK ("orders"."status" in ('unpaid', 'paid', 'partly_shipped', 'shipped', 'cancelled', 'refunded', 'disputed', 'removed', 'expired'));