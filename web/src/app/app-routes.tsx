import { useLocation, useRoutes, type RouteObject } from 'react-router';
import { useRouteTitle } from './route-title';

/** The page for the current location, out of `routes`, with the document named after it. */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const { pathname } = useLocation();
  useRouteTitle(routes, pathname);
  return useRoutes(routes);
}
