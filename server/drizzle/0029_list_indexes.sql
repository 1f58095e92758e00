-- Lists paged by keyset (issue 43), each read off its own index, found by EXPLAIN on the scale
-- data (50,000 tools, 1,000,000 orders; docs/decisions/055): My Orders by (user_id, created_at,
-- checkout_id), whose prefix serves every other look-up by account (orders_user_id_idx goes, as
-- the unique (user_id, idempotency_key) index did that too); Manage Orders filtered by the status
-- an order reads as (orders.table.ts's shownStatusSql), newest first; ALL USERS by (created_at,
-- id). IF NOT EXISTS: the indexes were tried by hand on the scale database before.
DROP INDEX IF EXISTS "orders_user_id_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_created_at_id_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_user_id_created_at_checkout_id_idx" ON "orders" USING btree ("user_id","created_at","checkout_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_shown_status_created_at_checkout_id_idx" ON "orders" USING btree ((case when "status" = 'cancelled' and "refunded_cents" > 0 then 'refunded' else "status" end),"created_at","checkout_id");
