-- A checkout and its lines belong to the buyer's company account (issue 44): Company Orders
-- reads a company's lines off their own index. An invoice copies the company's billing address
-- when issued (a credit note copies its invoice's).
ALTER TABLE "checkouts" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "buyer_billing_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "buyer_billing_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_company_id_created_at_checkout_id_idx" ON "orders" USING btree ("company_id","created_at","checkout_id") WHERE "orders"."company_id" is not null;