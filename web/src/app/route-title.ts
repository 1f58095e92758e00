import { useMatches } from 'react-router';
import { pageTitle, useDocumentTitle } from '../lib/document-title';

/**
 * A route's `handle`: its page name for the document title, or null when the page sets the title
 * itself (it knows a name the route does not, such as the tool being purchased).
 */
export interface TitleHandle {
  title: string | null;
}

export const titled = (title: string | null): TitleHandle => ({ title });

function isTitleHandle(handle: unknown): handle is TitleHandle {
  return typeof handle === 'object' && handle !== null && 'title' in handle;
}

/** The document title of the deepest route that names one; the brand alone if none does. */
export function useRouteTitle(): void {
  const matches = useMatches();
  const handle = matches.map((match) => match.handle).findLast(isTitleHandle);
  useDocumentTitle(handle?.title === null ? null : pageTitle(handle?.title));
}
