import {
  homeTexts,
  isToolSort,
  MAX_SEARCH_LENGTH,
  MAX_SEARCH_PAGE,
  searchTexts,
  TOOL_SORTS,
  type ToolSort,
} from '@tools-factory/contract';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { Section } from '../../../components/ui/section';
import { toolSearchParams, useSearchedTools } from '../api/search-tools';
import { SearchResults } from '../components/search-results';
import { ToolSearchForm } from '../components/tool-search-form';

/** The search's URL as the page reads it: its words, a sort it knows, a page in range. */
function useSearchUrl() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').slice(0, MAX_SEARCH_LENGTH);
  const rawSort = params.get('sort');
  const sort = isToolSort(rawSort) ? rawSort : undefined;
  const asked = Number(params.get('page') ?? '1');
  const page = Number.isInteger(asked) && asked >= 1 ? Math.min(asked, MAX_SEARCH_PAGE) : 1;
  const sortBy = (next: ToolSort | undefined) =>
    setParams(toolSearchParams({ q, sort: next }), { preventScrollReset: true });
  return { q, sort, page, sortBy };
}

/**
 * /search?q=hamer&sort=price&page=2 (issue 43): the catalog searched on the server, the best
 * first or sorted, a page at a time; a URL anyone can share.
 */
export default function SearchPage() {
  const { q, sort, page, sortBy } = useSearchUrl();
  const hasWords = q.trim() !== '';
  const found = useSearchedTools({ q, sort, page }, { enabled: hasWords });
  const sortId = useId();
  return (
    <Section id="search" title={searchTexts.title}>
      {/* A new search starts a new form (the URL's words in the box). */}
      <ToolSearchForm key={q} q={q} />
      {hasWords ? (
        <div className="mb-6 flex justify-end">
          <label htmlFor={sortId} className="mr-2 self-center text-sm font-semibold">
            {homeTexts.search.sortLabel}
          </label>
          <select
            id={sortId}
            className="select select-sm w-56"
            value={sort ?? ''}
            onChange={(event) =>
              sortBy(isToolSort(event.target.value) ? event.target.value : undefined)
            }
          >
            <option value="">{searchTexts.bestMatch}</option>
            {TOOL_SORTS.map((option) => (
              <option key={option} value={option}>
                {homeTexts.search.sorts[option]}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {hasWords ? (
        <QueryBoundary query={found}>{(answer) => <SearchResults answer={answer} />}</QueryBoundary>
      ) : (
        <p className="text-base-content/70 text-center">{searchTexts.prompt}</p>
      )}
    </Section>
  );
}
