import { routes, searchTexts, type ToolSearchPage } from '@tools-factory/contract';
import { Link } from 'react-router';
import { CardGrid } from '../../../components/ui/card-grid';
import { EmptyState } from '../../../components/ui/empty-state';
import { correctedWords, toolSearchParams } from '../api/search-tools';
import { ToolCard } from './tool-card';

/** What the search found: the corrections, how many, a page of cards and the way to the others. */
export function SearchResults({ answer }: { answer: ToolSearchPage }) {
  const first = (answer.page - 1) * answer.pageSize + 1;
  const last = first + answer.tools.length - 1;
  const shownMatches = answer.capped ? answer.pageCount * answer.pageSize : answer.total;
  return (
    <>
      {answer.corrected.length ? (
        <div className="mb-4">
          <p className="text-lg font-semibold">
            {searchTexts.showingResultsFor(correctedWords(answer.q, answer.corrected))}
          </p>
          <p className="text-base-content/70 text-sm">{searchTexts.noneFor(answer.q)}</p>
        </div>
      ) : null}
      <p role="status" className="text-base-content/70 mb-4 text-sm">
        {answer.capped
          ? searchTexts.capped(Math.min(shownMatches, answer.total), answer.total)
          : searchTexts.showing(first, last, answer.total)}
      </p>
      {answer.tools.length === 0 ? (
        <EmptyState message={searchTexts.noneFor(answer.q)} />
      ) : (
        <CardGrid items={answer.tools} className="sm:grid-cols-2 xl:grid-cols-3">
          {(tool) => <ToolCard tool={tool} />}
        </CardGrid>
      )}
      <SearchPager answer={answer} />
    </>
  );
}

function SearchPager({ answer }: { answer: ToolSearchPage }) {
  if (answer.pageCount <= 1) return null;
  const link = (page: number) =>
    `${routes.search}?${toolSearchParams({ q: answer.q, sort: answer.sort ?? undefined, page })}`;
  return (
    <nav aria-label={searchTexts.pagination} className="mt-8 flex justify-center">
      <ul className="join">
        {answer.page > 1 ? (
          <li>
            <Link to={link(answer.page - 1)} className="join-item btn btn-sm" rel="prev">
              {searchTexts.previous}
            </Link>
          </li>
        ) : null}
        <li>
          <span className="join-item btn btn-sm btn-disabled" aria-current="page">
            {searchTexts.page(answer.page, answer.pageCount)}
          </span>
        </li>
        {answer.page < answer.pageCount ? (
          <li>
            <Link to={link(answer.page + 1)} className="join-item btn btn-sm" rel="next">
              {searchTexts.next}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
