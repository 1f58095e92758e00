import { pagerTexts } from '@tools-factory/contract';
import { formatCount } from '../../lib/format';

/**
 * Previous and Next under a list paged on the server (issue 43), shown only when there is more
 * than one page. Next goes on from where this page ended, Previous back to where the page before
 * started (never counting rows from the first); `pages` is unknown when the counts are capped.
 */
export function Pager({
  list,
  page,
  pages,
  hasNext,
  onNext,
  onPrevious,
}: {
  /** The list's name, where a page shows two paged lists (their landmarks must differ). */
  list?: string;
  page: number;
  pages: number | undefined;
  hasNext: boolean;
  onNext: () => void;
  onPrevious: () => void;
}) {
  const last = pages !== undefined && page >= pages;
  if (page <= 1 && (last || !hasNext)) return null;
  const label =
    pages === undefined
      ? pagerTexts.pageNumber(formatCount(page))
      : pagerTexts.pageOf(formatCount(page), formatCount(pages));
  return (
    <nav
      className="mt-4 flex items-center justify-between gap-2"
      aria-label={list === undefined ? label : pagerTexts.pagesOfList(list, label)}
    >
      <button
        type="button"
        className="btn btn-sm btn-outline"
        disabled={page <= 1}
        onClick={onPrevious}
      >
        {pagerTexts.previousPage}
      </button>
      <span className="text-sm">{label}</span>
      <button
        type="button"
        className="btn btn-sm btn-outline"
        disabled={last || !hasNext}
        onClick={onNext}
      >
        {pagerTexts.nextPage}
      </button>
    </nav>
  );
}
