-- Categories and facets (issue 43): the category tree admins keep in Manage Tools (a slug that
-- never changes with a rename, a parent, a place among siblings), each tool's category and its
-- three attributes (brand line, size, material), each at most 60 characters. A database seeded
-- with the demo tools before this migration gets the demo tree and the demo tools' categories
-- and attributes here, each tool found by its demo slug (its picture) or its SKU; a new database
-- gets them from the seed (server/src/modules/demo-catalog.json; categories.migration.test.ts
-- proves the two agree). A database without the demo tools gets no tree.
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"parent_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_slug_shape" CHECK ("categories"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and "categories"."slug" <> 'all'),
	CONSTRAINT "categories_name_length" CHECK (char_length("categories"."name") between 1 and 60),
	CONSTRAINT "categories_not_own_parent" CHECK ("categories"."parent_id" <> "categories"."id")
);
--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "category_id" uuid;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "brand_line" text;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "size" text;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "material" text;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_unique" ON "categories" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_sibling_name_unique" ON "categories" USING btree (coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),lower("name"));--> statement-breakpoint
CREATE INDEX "categories_parent_id_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tools_category_id_idx" ON "tools" USING btree ("category_id");--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_attributes_length" CHECK (char_length("tools"."brand_line") <= 60 and char_length("tools"."size") <= 60 and char_length("tools"."material") <= 60);--> statement-breakpoint
INSERT INTO "categories" ("slug", "name", "position")
SELECT v.slug, v.name, v.position FROM (VALUES
  ('striking-tools', 'Striking tools', 1),
  ('cutting-tools', 'Cutting tools', 2),
  ('gripping-tools', 'Gripping tools', 3),
  ('fastening-tools', 'Fastening tools', 4),
  ('measuring-tools', 'Measuring tools', 5)
) AS v (slug, name, position)
WHERE EXISTS (SELECT 1 FROM "tools" WHERE lower("sku") IN ('hm-claw-16', 'wr-comb-13', 'sd-set-6', 'pl-slip-8', 'sw-hand-20', 'ch-wood-25', 'tm-5m', 'sp-adj-10', 'fl-met-8'));--> statement-breakpoint
INSERT INTO "categories" ("slug", "name", "parent_id", "position")
SELECT v.slug, v.name, parent.id, v.position FROM (VALUES
  ('hammers', 'Hammers', 'striking-tools', 1),
  ('mallets', 'Mallets', 'striking-tools', 2),
  ('saws', 'Saws', 'cutting-tools', 1),
  ('chisels', 'Chisels', 'cutting-tools', 2),
  ('files', 'Files', 'cutting-tools', 3),
  ('pliers', 'Pliers', 'gripping-tools', 1),
  ('wrenches', 'Wrenches', 'gripping-tools', 2),
  ('screwdrivers', 'Screwdrivers', 'fastening-tools', 1),
  ('tape-measures', 'Tape measures', 'measuring-tools', 1)
) AS v (slug, name, parent, position)
JOIN "categories" parent ON parent.slug = v.parent;--> statement-breakpoint
UPDATE "tools" SET "category_id" = category.id, "brand_line" = v.brand_line, "size" = v.size, "material" = v.material
FROM (VALUES
  ('claw-hammer', 'HM-CLAW-16', 'hammers', 'Forge Pro', '16 oz', 'Steel'),
  ('combination-wrench', 'WR-COMB-13', 'wrenches', 'Forge Pro', '8-19 mm', 'Chrome vanadium'),
  ('screwdriver-set', 'SD-SET-6', 'screwdrivers', 'Workshop', '8 pieces', 'S2 steel'),
  ('slip-joint-pliers', 'PL-SLIP-8', 'pliers', 'Workshop', '8 in', 'Carbon steel'),
  ('hand-saw', 'SW-HAND-20', 'saws', 'Forge Pro', '20 in', 'Carbon steel'),
  ('wood-chisel', 'CH-WOOD-25', 'chisels', 'Forge Pro', '19 mm', 'Chrome vanadium'),
  ('tape-measure', 'TM-5M', 'tape-measures', 'Site Master', '5 m', 'Steel'),
  ('adjustable-spanner', 'SP-ADJ-10', 'wrenches', 'Site Master', '10 in', 'Chrome vanadium'),
  ('metal-file', 'FL-MET-8', 'files', 'Workshop', '10 in', 'Carbon steel')
) AS v (slug, sku, category, brand_line, size, material)
JOIN "categories" category ON category.slug = v.category
WHERE "tools"."category_id" IS NULL
  AND ("tools"."image" = '/images/tools/' || v.slug || '.svg' OR lower("tools"."sku") = lower(v.sku));