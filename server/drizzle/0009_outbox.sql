CREATE TABLE "outbox_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"origin" text NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"about" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE INDEX "outbox_messages_unsent_idx" ON "outbox_messages" USING btree ("id") WHERE "outbox_messages"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_messages_sent_at_idx" ON "outbox_messages" USING btree ("sent_at") WHERE "outbox_messages"."sent_at" is not null;--> statement-breakpoint
-- Written by hand (drizzle-kit declares no triggers): once a transaction that wrote e-mails commits,
-- the instances listening on 'outbox' hear which instance wrote them (that one delivers first).
-- Statement-level: one notification per INSERT, whatever its rows; NOTIFY waits for the commit.
CREATE FUNCTION "outbox_messages_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('outbox', coalesce((SELECT min("origin") FROM "new_rows"), ''));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "outbox_messages_notify" AFTER INSERT ON "outbox_messages"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "outbox_messages_notify"();
