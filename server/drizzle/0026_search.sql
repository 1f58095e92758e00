-- Search that forgives (issue 43 item 2, docs/decisions/057-search-in-postgres.md). pg_trgm (in
-- PostgreSQL's contrib, and in PGlite as '@electric-sql/pglite/contrib/pg_trgm', which every
-- PGlite that opens this database loads) gives the trigram indexes. tool_search holds, for each
-- tool on sale, its lower-case SKU (btree, text_pattern_ops: a whole SKU or its start), its
-- English text-search document (the name weight A, the description B; GIN) and its lower-case
-- name, SKU and description (GIN trigrams: any part of them); catalog_words every word of the
-- names and descriptions, for the corrections (GIN trigrams). The trigger tool_search_keep keeps
-- both from every write of a tool's name, SKU, description or archiving; a stock move writes
-- neither. The tools already there are filled in here, before the indexes are built.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "catalog_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tool_search" (
	"tool_id" uuid PRIMARY KEY NOT NULL,
	"sku" text NOT NULL,
	"document" "tsvector" NOT NULL,
	"content" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tool_search" ADD CONSTRAINT "tool_search_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION "tool_search_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.archived_at IS NOT NULL THEN
    DELETE FROM tool_search WHERE tool_id = NEW.id;
    RETURN NULL;
  END IF;
  INSERT INTO tool_search (tool_id, sku, document, content)
  VALUES (
    NEW.id,
    lower(NEW.sku),
    setweight(to_tsvector('english', NEW.name), 'A') || setweight(to_tsvector('english', NEW.description), 'B'),
    lower(NEW.name || E'\n' || NEW.sku || E'\n' || NEW.description)
  )
  ON CONFLICT (tool_id) DO UPDATE
    SET sku = excluded.sku, document = excluded.document, content = excluded.content;
  INSERT INTO catalog_words (word)
  SELECT lexeme FROM unnest(to_tsvector('simple', NEW.name || ' ' || NEW.description))
  WHERE lexeme ~ '^[[:alpha:]]{3,30}$'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tool_search_keep" AFTER INSERT OR UPDATE OF name, sku, description, archived_at ON "tools"
  FOR EACH ROW EXECUTE FUNCTION "tool_search_keep"();
--> statement-breakpoint
INSERT INTO "tool_search" ("tool_id", "sku", "document", "content")
SELECT id, lower(sku),
  setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('english', description), 'B'),
  lower(name || E'\n' || sku || E'\n' || description)
FROM "tools" WHERE archived_at IS NULL;
--> statement-breakpoint
INSERT INTO "catalog_words" ("word")
SELECT DISTINCT lexeme FROM "tools", unnest(to_tsvector('simple', name || ' ' || description))
WHERE lexeme ~ '^[[:alpha:]]{3,30}$';
--> statement-breakpoint
CREATE INDEX "catalog_words_word_idx" ON "catalog_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tool_search_sku_idx" ON "tool_search" USING btree ("sku" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "tool_search_document_idx" ON "tool_search" USING gin ("document");--> statement-breakpoint
CREATE INDEX "tool_search_content_idx" ON "tool_search" USING gin ("content" gin_trgm_ops);