import {
  homeTexts,
  routes,
  searchTexts,
  searchTools,
  type ToolSort,
} from '@tools-factory/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { Section } from '../../../components/ui/section';
import { lazyPart, ServerHtml } from '../../../lib/server-html';
import { correctedWords, toolSearchParams, useSearchedTools } from '../api/search-tools';
import { useTools } from '../api/tools-query';
import { ToolsSearch, useToolSearch } from './tools-search';

/** The cards: a chunk of its own (tools-grid.tsx). */
export const ToolsGrid = lazyPart(() => import('./tools-grid').then((module) => module.default));

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
                <ForgivingSearch q={q} sort={search.query.sort} clear={search.clear} />
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

/**
 * What the server's search finds when the words as typed are in no tool: its stems and its
 * corrections, said above the cards ('Showing results for hammer'); the no-match card when it
 * finds nothing either.
 */
function ForgivingSearch(props: { q: string; sort: ToolSort | undefined; clear: () => void }) {
  const { q, sort, clear } = props;
  const found = useSearchedTools({ q, sort });
  const answer = found.isPlaceholderData ? undefined : found.data;
  if (answer && answer.tools.length > 0) {
    return (
      <>
        <p className="mb-4 font-semibold">
          {searchTexts.showingResultsFor(correctedWords(answer.q, answer.corrected))}
        </p>
        <ServerHtml id="tool-cards" keep={false} load={ToolsGrid.load}>
          <ToolsGrid tools={answer.tools} />
        </ServerHtml>
        {answer.pageCount > 1 ? (
          <div className="mt-8 text-center">
            <Link to={`${routes.search}?${toolSearchParams({ q, sort })}`} className="btn">
              {searchTexts.showing(1, answer.tools.length, answer.total)}
            </Link>
          </div>
        ) : null}
      </>
    );
  }
  // Nothing until the server answers, on the server's render too (the same markup to hydrate).
  if (found.isPending || (found.isPlaceholderData && found.isFetching)) return null;
  return (
    <EmptyState message={homeTexts.search.noMatch(q)}>
      <button type="button" className="btn btn-primary" onClick={clear}>
        {homeTexts.search.clear}
      </button>
    </EmptyState>
  );
}
