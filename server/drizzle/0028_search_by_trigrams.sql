-- The search finds words through the trigrams of tool_search.content alone, as typed or as
-- their English stems (docs/decisions/057-search-in-postgres.md): matching by the document's GIN
-- index too (an OR of the two indexes) made PostgreSQL, once it had statistics, read every row
-- (50 ms for 'hammer' at 50,000 tools, against 11 ms). The document stays, for ts_rank.
DROP INDEX "tool_search_document_idx";