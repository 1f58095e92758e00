-- The outbox keeps recipes: a message may be written as what renders it (a placed order's row)
-- and rendered when it leaves, so that the statement placing an order writes its e-mails too.
ALTER TABLE "outbox_messages" ALTER COLUMN "subject" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ALTER COLUMN "text" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ALTER COLUMN "html" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "recipe" jsonb;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_rendered_or_recipe" CHECK ("outbox_messages"."recipe" is not null or ("outbox_messages"."subject" is not null and "outbox_messages"."text" is not null and "outbox_messages"."html" is not null));