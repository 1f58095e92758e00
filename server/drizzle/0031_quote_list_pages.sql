-- The quote lists a page at a time (issue 43 item 3, docs/decisions/055): My Quotes and the
-- admins' Quotes page read newest first from where the page before ended, keyset on
-- (requested_at, id). A quote of one tool is its own row (request_id null); a request of
-- several lines is read by its first line (line_number 1, keyed by request_id). A buyer's page
-- reads the account's range; the admins' open groups (requested, offered: few) a status range,
-- the rest the time index, so a deep page costs what the first one costs.
CREATE INDEX "quotes_single_user_requested_at_idx" ON "quotes" USING btree ("user_id","requested_at","id") WHERE "quotes"."request_id" is null;--> statement-breakpoint
CREATE INDEX "quotes_single_requested_at_idx" ON "quotes" USING btree ("requested_at","id") WHERE "quotes"."request_id" is null;--> statement-breakpoint
CREATE INDEX "quotes_single_open_status_requested_at_idx" ON "quotes" USING btree ("status","requested_at","id") WHERE "quotes"."request_id" is null and "quotes"."status" in ('requested', 'offered');--> statement-breakpoint
CREATE INDEX "quotes_request_head_user_requested_at_idx" ON "quotes" USING btree ("user_id","requested_at","request_id") WHERE "quotes"."line_number" = 1;--> statement-breakpoint
CREATE INDEX "quotes_request_head_requested_at_idx" ON "quotes" USING btree ("requested_at","request_id") WHERE "quotes"."line_number" = 1;--> statement-breakpoint
CREATE INDEX "quotes_request_head_open_status_requested_at_idx" ON "quotes" USING btree ("status","requested_at","request_id") WHERE "quotes"."line_number" = 1 and "quotes"."status" in ('requested', 'offered');