import { memo, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { HydratedMark } from '../hydrated-mark';
import { RouteErrorBoundary } from '../route-error-boundary';
import { PageLoading } from './navigation-progress';

/**
 * Where a layout shows its page: a loading bar while the page's chunk arrives, and the error
 * panel (with Retry) if it never does, both below the layout's own header.
 *
 * Memoized (it takes no props): the layouts re-render when the session arrives, and that update
 * must not reach a page still hydrating. React drops the server's HTML of a suspended boundary
 * that receives an update for its fallback (the loading bar), and the whole page jumped twice.
 */
export const PageOutlet = memo(function PageOutlet() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary path={pathname}>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
        <HydratedMark />
      </Suspense>
    </RouteErrorBoundary>
  );
});
