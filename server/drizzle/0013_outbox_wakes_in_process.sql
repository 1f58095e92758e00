-- Written by hand: 0009's trigger sent a NOTIFY from every transaction that wrote e-mails, and
-- PostgreSQL takes one lock across the whole cluster to queue notifications at each such commit
-- (every order's). The writing instance now wakes its own outbox worker once the transaction
-- commits (db/after-commit.ts); the others took its messages only from their polls anyway.
DROP TRIGGER "outbox_messages_notify" ON "outbox_messages";--> statement-breakpoint
DROP FUNCTION "outbox_messages_notify"();
