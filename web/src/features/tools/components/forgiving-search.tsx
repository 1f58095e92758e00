import { homeTexts, routes, searchTexts, type ToolSort } from '@tools-factory/contract';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { correctedWords, toolSearchParams, useSearchedTools } from '../api/search-tools';
import ToolsGrid from './tools-grid';

/**
 * What the server's search finds when the words as typed are in no tool: its stems and its
 * corrections, said above the cards ('Showing results for hammer'); the no-match card when it
 * finds nothing either.
 */
export default function ForgivingSearch(props: {
  q: string;
  sort: ToolSort | undefined;
  clear: () => void;
}) {
  const { q, sort, clear } = props;
  const found = useSearchedTools({ q, sort });
  const answer = found.isPlaceholderData ? undefined : found.data;
  if (answer && answer.tools.length > 0) {
    return (
      <>
        <p className="mb-4 font-semibold">
          {searchTexts.showingResultsFor(correctedWords(answer.q, answer.corrected))}
        </p>
        <ToolsGrid tools={answer.tools} />
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
