-- Trust, part 3: the schema changes of the third audit's fixes, one section per finding.

-- 1. No session outlives a password change that finished after its sign-in began: the account
-- carries a password version, bumped by every password change; a session carries the version its
-- sign-in read when it began, and a trigger refuses to write one the account has moved past.
ALTER TABLE "users" ADD COLUMN "password_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "password_version" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE FUNCTION "sessions_refuse_older_password"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  current_version integer;
BEGIN
  -- FOR SHARE: a password change's bump (an UPDATE of this row) waits for this session to be
  -- written, then deletes it; a bump under way makes this wait, then read the new version.
  SELECT "password_version" INTO current_version FROM "users" WHERE "id" = NEW."user_id" FOR SHARE;
  IF current_version IS DISTINCT FROM NEW."password_version" THEN
    RAISE EXCEPTION 'the account''s password changed after this sign-in began'
      USING ERRCODE = 'TFPW1';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_refuse_older_password" BEFORE INSERT ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "sessions_refuse_older_password"();
--> statement-breakpoint
-- 3. Unpaid holds are bounded by value for every account: a shop admin may set an account's own
-- limit, in cents (null: the default of its kind, UNPAID_HOLD_LIMIT or UNVERIFIED_HOLD_LIMIT).
ALTER TABLE "users" ADD COLUMN "unpaid_hold_limit_cents" integer;--> statement-breakpoint
-- 13. Readiness checks what a write needs, on every instance: GET /api/ready writes this table's
-- one row and commits (at most once a second per instance). On PostgreSQL the probe truncates the
-- table first, so that its row needs a new page of the data files: on a full disk an UPDATE in
-- place still commits (measured), an INSERT into a new file does not.
CREATE TABLE "readiness_heartbeat" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"written_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "readiness_heartbeat_one_row" CHECK ("readiness_heartbeat"."id" = 1)
);
