import { homeTexts, searchTools } from '@tools-factory/contract';
import { CardGrid } from '../../../components/ui/card-grid';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { Section } from '../../../components/ui/section';
import { useTools } from '../api/tools-query';
import { ToolCard } from './tool-card';
import { ToolsSearch, useToolSearch } from './tools-search';

/**
 * OUR TOOLS: the search and sort (kept in the URL), then the catalog in 1, 2 or 3 columns,
 * filtered here with the contract's searchTools (no refetch).
 */
export function ToolsSection() {
  const tools = useTools();
  const search = useToolSearch();
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
                <CardGrid items={shown} className="md:grid-cols-2 lg:grid-cols-3">
                  {(tool) => <ToolCard tool={tool} />}
                </CardGrid>
              )}
            </>
          );
        }}
      </QueryBoundary>
    </Section>
  );
}
