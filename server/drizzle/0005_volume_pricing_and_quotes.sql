CREATE TABLE "tool_price_breaks" (
	"tool_id" uuid NOT NULL,
	"min_quantity" integer NOT NULL,
	"price_cents" integer NOT NULL,
	CONSTRAINT "tool_price_breaks_tool_id_min_quantity_pk" PRIMARY KEY("tool_id","min_quantity"),
	CONSTRAINT "tool_price_breaks_quantity_positive" CHECK ("tool_price_breaks"."min_quantity" > 0),
	CONSTRAINT "tool_price_breaks_price_positive" CHECK ("tool_price_breaks"."price_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"tool_id" uuid NOT NULL,
	"tool_name" text NOT NULL,
	"tool_image" text NOT NULL,
	"quantity" integer NOT NULL,
	"needed_by" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"offer_price_cents" integer,
	"offer_valid_until" date,
	"offered_at" timestamp with time zone,
	"decline_reason" text,
	"closed_at" timestamp with time zone,
	CONSTRAINT "quotes_quantity_positive" CHECK ("quotes"."quantity" > 0),
	CONSTRAINT "quotes_status_known" CHECK ("quotes"."status" in ('requested', 'offered', 'accepted', 'declined', 'refused')),
	CONSTRAINT "quotes_offer_whole" CHECK (("quotes"."offer_price_cents" is null) = ("quotes"."offer_valid_until" is null) and ("quotes"."offer_price_cents" is null) = ("quotes"."offered_at" is null)),
	CONSTRAINT "quotes_offer_price_positive" CHECK ("quotes"."offer_price_cents" is null or "quotes"."offer_price_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "made_to_order" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "quote_id" uuid;--> statement-breakpoint
ALTER TABLE "tool_price_breaks" ADD CONSTRAINT "tool_price_breaks_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotes_user_id_idx" ON "quotes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "quotes_open_user_id_idx" ON "quotes" USING btree ("user_id") WHERE "quotes"."status" in ('requested', 'offered');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_quote_id_idx" ON "orders" USING btree ("quote_id");