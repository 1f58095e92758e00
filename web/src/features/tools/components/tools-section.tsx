import { homeTexts, searchTools } from '@tools-factory/contract';
import { Suspense, useState } from 'react';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { Section } from '../../../components/ui/section';
import { lazyPart, ServerHtml } from '../../../lib/server-html';
import { useTools } from '../api/tools-query';
import { ToolsSearch, useToolSearch } from './tools-search';

/** The cards: a chunk of its own (tools-grid.tsx). */
export const ToolsGrid = lazyPart(() => import('./tools-grid').then((module) => module.default));

/** The server's search when nothing here matches: a chunk of its own, asked for only then. */
const ForgivingSearch = lazyPart(() =>
  import('./forgiving-search').then((module) => module.default),
);

/**
 * OUR TOOLS: the search and sort (kept in the URL), then the catalog in 1, 2 or 3 columns,
 * filtered here with the contract's searchTools (no refetch): the server's search finds these
 * too (any part of a name, SKU or description). When they find nothing, the server is asked
 * (ForgivingSearch): its stems and corrections ('hamer' finds hammers) are its alone. The cards
 * are kept as the server rendered them until the search changes (lib/server-html.tsx).
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
                <Suspense fallback={null}>
                  <ForgivingSearch q={q} sort={search.query.sort} clear={search.clear} />
                </Suspense>
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
