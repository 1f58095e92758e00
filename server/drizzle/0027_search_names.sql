-- The search's rows carry the tool's name (docs/decisions/057-search-in-postgres.md): ties of
-- rank are ordered by it, and on PostgreSQL at 50,000 tools reading it from tools was a hash
-- join over a sequential scan of every tool (19 of the 37 ms of 'hammer'). The trigger of 0026
-- writes it from now on; the rows already there get it here.
ALTER TABLE "tool_search" ADD COLUMN "name" text;
--> statement-breakpoint
UPDATE "tool_search" SET "name" = "tools"."name" FROM "tools" WHERE "tools"."id" = "tool_search"."tool_id";
--> statement-breakpoint
ALTER TABLE "tool_search" ALTER COLUMN "name" SET NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "tool_search_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.archived_at IS NOT NULL THEN
    DELETE FROM tool_search WHERE tool_id = NEW.id;
    RETURN NULL;
  END IF;
  INSERT INTO tool_search (tool_id, name, sku, document, content)
  VALUES (
    NEW.id,
    NEW.name,
    lower(NEW.sku),
    setweight(to_tsvector('english', NEW.name), 'A') || setweight(to_tsvector('english', NEW.description), 'B'),
    lower(NEW.name || E'\n' || NEW.sku || E'\n' || NEW.description)
  )
  ON CONFLICT (tool_id) DO UPDATE
    SET name = excluded.name, sku = excluded.sku, document = excluded.document, content = excluded.content;
  INSERT INTO catalog_words (word)
  SELECT lexeme FROM unnest(to_tsvector('simple', NEW.name || ' ' || NEW.description))
  WHERE lexeme ~ '^[[:alpha:]]{3,30}$'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
