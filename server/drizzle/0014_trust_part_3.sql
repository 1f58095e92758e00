-- Trust, part 3: the schema changes of the third audit's fixes, one section per finding.

-- 1. No session outlives a password change that finished after its sign-in began: the account
-- carries a password version, bumped by every password change; a session carries the version its
-- sign-in read when it began, and a trigger refuses to write one the account has moved past.
ALTER TABLE "users" ADD COLUMN "password_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "password_version" integer DEFAULT 0 NOT NULL;
