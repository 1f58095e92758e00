import { useMemo } from 'react';
import { matchRoutes, type RouteMatch, type RouteObject } from 'react-router';
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

/**
 * The name of the deepest route matching `pathname` that names one: undefined when none does
 * (the brand alone), null when the page names itself.
 */
export function routePageName(routes: RouteObject[], pathname: string): string | null | undefined {
  return pageNameIn(matchRoutes(routes, pathname) ?? []);
}

/** The same, out of the routes a path matched (outermost first), when they are at hand. */
export function pageNameIn(matches: readonly RouteMatch[]): string | null | undefined {
  return matches.map((match) => match.route.handle).findLast(isTitleHandle)?.title;
}

/** The document title of the route shown at `pathname` (the page sets it when the route says null). */
export function useRouteTitle(routes: RouteObject[], pathname: string): void {
  // Once per path, not on every render of the routes: matching ranks the whole route table, and
  // the routes render again with each answer the page's first queries bring (issue 27).
  const name = useMemo(() => routePageName(routes, pathname), [routes, pathname]);
  useDocumentTitle(name === null ? null : pageTitle(name));
}
