/**
 * The browser's routes (React Router's declarative mode, rendered by AppRoutes): the route table
 * of route-table.tsx with every page a chunk of its own, loaded when first shown.
 */
import { matchRoutes } from 'react-router';
import { lazyPage, type LazyPage } from '../lib/lazy-route';
import { createAppRoutes, routeComponent, type PublicPages } from './route-table';

const lazyPublicPages = {
  home: lazyPage(() => import('./pages/home-page')),
  about: lazyPage(() => import('../features/about/pages/about-page')),
  blogs: lazyPage(() => import('../features/about/pages/blogs-page')),
  login: lazyPage(() => import('../features/identity/pages/login-page')),
  signup: lazyPage(() => import('../features/identity/pages/signup-page')),
  purchase: lazyPage(() => import('./pages/purchase-page')),
  category: lazyPage(() => import('./pages/category-page')),
  notFound: lazyPage(() => import('./pages/not-found-page')),
} satisfies PublicPages;

/** The browser's routes: every page a chunk of its own. */
export const appRoutes = createAppRoutes(lazyPublicPages);

/**
 * Loads the chunks of the page at `pathname` (the one the server rendered), so that hydration
 * finds every page component ready (see lazyPage).
 */
export async function preloadPage(pathname: string): Promise<void> {
  const matches = matchRoutes(appRoutes, pathname) ?? [];
  await Promise.all(
    matches.map(({ route }) => {
      const type = routeComponent(route);
      return isLazyPage(type) ? type.preload() : undefined;
    }),
  );
}

function isLazyPage(type: unknown): type is LazyPage {
  return typeof type === 'function' && 'preload' in type && typeof type.preload === 'function';
}
