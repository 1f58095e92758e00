import { homeTexts, searchTools } from '@tools-factory/contract';
import { useState } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { Section } from '../../../components/ui/section';
import { lazyPart, ServerHtml } from '../../../lib/server-html';
import { useTools } from '../api/tools-query';
import { ToolsSearch, useToolSearch } from './tools-search';

/** The cards: a chunk of its own (tools-grid.tsx). */
export const ToolsGrid = lazyPart(() => import('./tools-grid').then((module) => module.default));

/**
 * OUR TOOLS: the search and sort (kept in the URL), then the catalog in 1, 2 or 3 columns,
 * filtered here with the contract's searchTools (no refetch). The cards are kept as the server
 * rendered them until the search changes (lib/server-html.tsx).
 */
export function ToolsSection() {
  const tools = useTools();
  const search = useToolSearch();
  // The search the server rendered the cards for: while it holds, its cards are kept as they are.
  const [renderedSearch] = useState(search.query);
  const sameSearch =
    search.query.q === renderedSearch.q && search.query.sort === renderedSearch.sort;
  return (
    <Section id="tools" title={homeTexts.home.toolsTitle}>
      <ToolsSearch search={search} />
      <QueryBoundary query={tools}>
        {(items) => {
          const shown = searchTools(items, search.query);
          const q = search.query.q.trim();
          const noMatch = q !== '' && shown.length === 0;
          return (
            <>
              {/* Announced politely; with no match, the card below shows the words instead. */}
              <p
                role="status"
                className={noMatch ? 'sr-only' : 'text-base-content/70 mb-4 text-sm'}
              >
                {noMatch ? homeTexts.search.noMatch(q) : homeTexts.search.count(shown.length)}
              </p>
              {noMatch ? (
                <EmptyState message={homeTexts.search.noMatch(q)}>
                  <button type="button" className="btn btn-primary" onClick={search.clear}>
                    {homeTexts.search.clear}
                  </button>
                </EmptyState>
              ) : (
                <ServerHtml id="tool-cards" keep={sameSearch} load={ToolsGrid.load}>
                  <ToolsGrid tools={shown} />
                </ServerHtml>
              )}
            </>
          );
        }}
      </QueryBoundary>
    </Section>
  );
}
