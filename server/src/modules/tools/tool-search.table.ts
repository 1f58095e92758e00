import { customType, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { tools } from './tools.table.ts';

// The search's own tables (issue 43 item 2, docs/decisions/057-search-in-postgres.md). Both are
// kept by the database itself: a trigger on tools (migration 0026, `tool_search_keep`) writes a
// tool's row when its name, SKU or description is written or it is archived, so every path that
// writes tools (Manage Tools, the seeds, a psql session) keeps them; a stock move writes neither.
// They are apart from `tools` so that reading the catalog (every `select()` of tools) and moving
// stock (an order's UPDATE copies the whole row) carry no search text.

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** One row per tool on sale: what the search matches and ranks it by. */
export const toolSearch = pgTable(
  'tool_search',
  {
    toolId: uuid('tool_id')
      .primaryKey()
      .references(() => tools.id, { onDelete: 'cascade' }),
    /** The tool's name: ties of rank go by it, without reading tools (migration 0027). */
    name: text('name').notNull(),
    /** lower(sku): a whole SKU or its start is found through its btree (text_pattern_ops). */
    sku: text('sku').notNull(),
    /**
     * The name (weight A) and the description (weight B), English stems: what ts_rank ranks the
     * found tools by. No index: the words are found through `content` (migration 0028).
     */
    document: tsvector('document').notNull(),
    /** lower(name, SKU and description): a word or its stem anywhere in it, through its trigrams. */
    content: text('content').notNull(),
  },
  (t) => [
    index('tool_search_sku_idx').using('btree', t.sku.op('text_pattern_ops')),
    index('tool_search_content_idx').using('gin', t.content.op('gin_trgm_ops')),
  ],
);

/**
 * Every word of the names and descriptions of the tools ever on sale, as spelt (lower case):
 * what a word that finds nothing is corrected to, by trigram similarity. Words only come in (a
 * few thousand at 50,000 tools); one no tool has any more finds nothing, and is never offered
 * then (a correction is only taken when it finds tools).
 */
export const catalogWords = pgTable('catalog_words', { word: text('word').primaryKey() }, (t) => [
  index('catalog_words_word_idx').using('gin', t.word.op('gin_trgm_ops')),
]);
