CREATE TABLE "checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"email" text NOT NULL,
	"address" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"po_number" text DEFAULT '' NOT NULL,
	"idempotency_key" text,
	"request_digest" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"order_id" uuid,
	"order_reference" text NOT NULL,
	"sku" text DEFAULT '' NOT NULL,
	"tool_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	"made_to_order" boolean DEFAULT false NOT NULL,
	CONSTRAINT "invoice_lines_invoice_id_position_pk" PRIMARY KEY("invoice_id","position"),
	CONSTRAINT "invoice_lines_position_positive" CHECK ("invoice_lines"."position" > 0)
);
--> statement-breakpoint
CREATE TABLE "cart_lines" (
	"user_id" text NOT NULL,
	"tool_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_lines_user_id_tool_id_pk" PRIMARY KEY("user_id","tool_id"),
	CONSTRAINT "cart_lines_quantity_positive" CHECK ("cart_lines"."quantity" > 0)
);
--> statement-breakpoint
DROP INDEX "payments_transaction_id_unique";--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "tool_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "quantity" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "unit_price_cents" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "made_to_order" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "made_to_order" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "sku" text;--> statement-breakpoint
-- Every tool gets a SKU: TL-00001, TL-00002, ... in the order they were added.
UPDATE "tools" SET "sku" = numbered."sku" FROM (SELECT "id", 'TL-' || lpad((row_number() OVER (ORDER BY "created_at", "id"))::text, 5, '0') AS "sku" FROM "tools") AS numbered WHERE numbered."id" = "tools"."id";--> statement-breakpoint
ALTER TABLE "tools" ALTER COLUMN "sku" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tool_sku" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "tool_sku" = "tools"."sku" FROM "tools" WHERE "tools"."id" = "orders"."tool_id";--> statement-breakpoint
-- Every order placed before checkouts is a one-line checkout of its own, with the order's id.
INSERT INTO "checkouts" ("id", "user_id", "email", "address", "phone", "created_at") SELECT "id", "user_id", "email", "address", "phone", "created_at" FROM "orders";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "checkout_id" uuid;--> statement-breakpoint
UPDATE "orders" SET "checkout_id" = "id";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "checkout_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "po_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "checkout_id" uuid;--> statement-breakpoint
UPDATE "payment_intents" SET "checkout_id" = "order_id";--> statement-breakpoint
ALTER TABLE "payment_intents" ALTER COLUMN "checkout_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "checkout_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "po_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "invoices" SET "checkout_id" = "order_id" WHERE "order_id" IS NOT NULL;--> statement-breakpoint
-- Each invoice issued before checkouts had one line: it is now its first line.
INSERT INTO "invoice_lines" ("invoice_id", "position", "order_id", "order_reference", "sku", "tool_name", "quantity", "unit_price_cents", "total_cents", "made_to_order") SELECT "invoices"."id", 1, "invoices"."order_id", "invoices"."order_reference", coalesce("orders"."tool_sku", ''), "invoices"."tool_name", "invoices"."quantity", "invoices"."unit_price_cents", "invoices"."total_cents", coalesce("invoices"."made_to_order", false) FROM "invoices" LEFT JOIN "orders" ON "orders"."id" = "invoices"."order_id";--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_user_id_idempotency_key_idx" ON "checkouts" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_order_id_unique" ON "invoice_lines" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tools_sku_unique" ON "tools" USING btree (lower("sku"));--> statement-breakpoint
CREATE INDEX "orders_checkout_id_idx" ON "orders" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "payment_intents_checkout_id_idx" ON "payment_intents" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "payments_transaction_id_idx" ON "payments" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_checkout_id_unique" ON "invoices" USING btree ("checkout_id");