-- Quote requests of several lines (issue 42): a request made from the cart groups its lines,
-- each a quote of one tool (request_id, line_number in the cart's order), so that every quote
-- call, the orders' unique quote_id and the checks on a quote hold for each line unchanged; the
-- request's row is what its actions lock, and the cap on open quotes counts it once
-- (docs/decisions/052). Quotes of one tool keep both columns null.
CREATE TABLE "quote_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "request_id" uuid;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "line_number" integer;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_requests_user_id_idx" ON "quote_requests" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_request_id_quote_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."quote_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_request_line_idx" ON "quotes" USING btree ("request_id","line_number") WHERE "quotes"."request_id" is not null;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_line_of_request" CHECK (("quotes"."request_id" is null) = ("quotes"."line_number" is null));