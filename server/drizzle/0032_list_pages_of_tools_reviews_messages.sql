-- Manage Tools, Reviews and Messages page on the server (issue 43 item 3, docs/decisions/055):
-- each page is read off an index in its list's order from the cursor of the page before. Manage
-- Tools lists the tools on sale in the catalog's order (created_at, name; id settles the rest),
-- a partial index of the live tools; Reviews newest first on (created_at, id), whose prefix does
-- what reviews_created_at_idx did (GET /review's order too); Messages newest first in a folder,
-- the inbox and the archive each a partial index on (created_at, id).
DROP INDEX "reviews_created_at_idx";--> statement-breakpoint
DROP INDEX "contact_messages_created_at_idx";--> statement-breakpoint
CREATE INDEX "tools_live_created_at_name_id_idx" ON "tools" USING btree ("created_at","name","id") WHERE "tools"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "reviews_created_at_id_idx" ON "reviews" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_inbox_created_at_id_idx" ON "contact_messages" USING btree ("created_at","id") WHERE "contact_messages"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "contact_messages_archive_created_at_id_idx" ON "contact_messages" USING btree ("created_at","id") WHERE "contact_messages"."archived_at" is not null;