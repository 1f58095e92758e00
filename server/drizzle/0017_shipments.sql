-- Shipments (issue 42): an admin ships a checkout's lines, or part of a line, in numbered
-- shipments; an order is partly shipped while some of its quantity has left.
CREATE SEQUENCE "public"."shipment_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "shipment_lines" (
	"shipment_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "shipment_lines_shipment_id_order_id_pk" PRIMARY KEY("shipment_id","order_id"),
	CONSTRAINT "shipment_lines_quantity_positive" CHECK ("shipment_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sequence" integer DEFAULT nextval('shipment_number_seq') NOT NULL,
	"checkout_id" uuid NOT NULL,
	"carrier" text,
	"tracking_number" text,
	"shipped_at" timestamp with time zone NOT NULL,
	"shipped_by" text,
	"undone_at" timestamp with time zone,
	"undone_by" text,
	CONSTRAINT "shipments_sequence_unique" UNIQUE("sequence")
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_known";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_shipped_by_users_id_fk" FOREIGN KEY ("shipped_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_lines_order_id_idx" ON "shipment_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shipments_checkout_id_idx" ON "shipments" USING btree ("checkout_id","shipped_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipped_quantity_within" CHECK ("orders"."shipped_quantity" >= 0 and "orders"."shipped_quantity" <= "orders"."quantity");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_known" CHECK ("orders"."status" in ('unpaid', 'paid', 'partly_shipped', 'shipped', 'cancelled', 'refunded', 'disputed'));--> statement-breakpoint
-- Every order shipped before shipments existed shipped whole, in a shipment of its own: its
-- quantity shipped, and the shipment carrying its time, carrier and tracking number.
UPDATE "orders" SET "shipped_quantity" = "quantity" WHERE "shipped_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "shipments" ("id", "checkout_id", "carrier", "tracking_number", "shipped_at")
  SELECT "id", "checkout_id", "carrier", "tracking_number", "shipped_at" FROM "orders"
  WHERE "shipped_at" IS NOT NULL ORDER BY "shipped_at", "id";--> statement-breakpoint
INSERT INTO "shipment_lines" ("shipment_id", "order_id", "quantity")
  SELECT "id", "id", "quantity" FROM "orders" WHERE "shipped_at" IS NOT NULL;
