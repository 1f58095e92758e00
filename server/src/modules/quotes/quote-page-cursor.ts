import { QUOTE_GROUP_SEPARATOR, type ManagedQuoteGroup } from '@tools-factory/contract';
import { keysetCursorText, parseKeysetCursor } from '../../db/keyset-cursor.ts';
import type { GroupedCursor } from './quote-pages.repository.ts';

/** The cursor's text, `<group>~<time>_<id>`, as a page's `next`; null on the last page. */
export function groupedCursorText(cursor: GroupedCursor | undefined): string | null {
  return cursor ? `${cursor.group}${QUOTE_GROUP_SEPARATOR}${keysetCursorText(cursor)}` : null;
}

/** The cursor read back from a query's `after`, whose shape ManagedQuotesPageQuerySchema checked. */
export function groupedCursorAfter(after: string | undefined): GroupedCursor | undefined {
  if (after === undefined) return undefined;
  const at = after.indexOf(QUOTE_GROUP_SEPARATOR);
  return {
    group: after.slice(0, at) as ManagedQuoteGroup,
    ...parseKeysetCursor(after.slice(at + 1)),
  };
}
