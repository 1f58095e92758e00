-- Orders by time (issue 43): Sales reads a window of paid lines by paid_at in one range scan
-- (a join per day of the window scanned the table once per day), and the orders CSV's keyset
-- pages (created_at, checkout_id, id) read an index instead of sorting the table per page.
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_created_at_checkout_id_id_idx" ON "orders" USING btree ("created_at","checkout_id","id");