import { texts, type PageData, type RenderedPage, type RenderPage } from '@tools-factory/contract';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { matchRoutes, StaticRouter } from 'react-router';
import LoginPage from './features/identity/pages/login-page';
import SignupPage from './features/identity/pages/signup-page';
import AboutPage from './features/about/pages/about-page';
import BlogsPage from './features/about/pages/blogs-page';
import { AppRoutes } from './app/app-routes';
import { browsedCategory, pageTool, purchasedToolId, seedPageData } from './app/page-data';
import HomePage from './app/pages/home-page';
import NotFoundPage from './app/pages/not-found-page';
import PurchasePage from './app/pages/purchase-page';
import CategoryPage from './app/pages/category-page';
import { AppProvider } from './app/provider';
import { pageNameIn } from './app/route-title';
import { createAppRoutes, routeComponent, type PublicPages } from './app/route-table';
import { pageTitle } from './lib/document-title';
import { createQueryClient } from './lib/query-client';

/**
 * The web app rendered on the server (docs/architecture.md#pages), built apart from the browser's
 * bundle (`vite build --ssr`, web/dist-ssr/entry-server.js) and called by the server's page
 * plugin. The public pages are imported here, not loaded as chunks: the HTML never waits on one.
 * The tree is the browser's (App in app/app.tsx) with StaticRouter in place of BrowserRouter,
 * so that hydration finds exactly the markup it would have rendered.
 */
const publicPages: PublicPages = {
  home: HomePage,
  about: AboutPage,
  blogs: BlogsPage,
  login: LoginPage,
  signup: SignupPage,
  purchase: PurchasePage,
  category: CategoryPage,
  notFound: NotFoundPage,
};

const serverRoutes = createAppRoutes(publicPages);

/** What the server says of the page beside its HTML: status, title, and which public page it is. */
function describePage(pathname: string, data: PageData): Omit<RenderedPage, 'html'> {
  const matches = matchRoutes(serverRoutes, pathname) ?? [];
  const deepest = matches.at(-1);
  const toolId = purchasedToolId(pathname);
  const tool = pageTool(data, pathname);
  const category = browsedCategory(pathname) === undefined ? undefined : data.categoryTools;
  // 404 for a path the app does not know, for a tool the catalog does not hold, and for a
  // category page the API refuses (the browser then asks, and says why).
  const known = deepest !== undefined && deepest.route.path !== '*';
  const status =
    known && (toolId === undefined || tool) && (browsedCategory(pathname) === undefined || category)
      ? 200
      : 404;
  // The title as the browser's effects would set it (the purchase and category pages name theirs).
  const name = pageNameIn(matches);
  const title = pageTitle(
    name !== null
      ? name
      : category
        ? texts.categories.browse.pageTitle(category.category.name, category.page)
        : tool
          ? texts.pageTitles.purchase(tool.name)
          : texts.pageTitles.purchaseLoading,
  );
  const type = deepest && routeComponent(deepest.route);
  const page = Object.entries(publicPages).find(([, component]) => component === type)?.[0];
  return { status, title, ...(page === undefined ? {} : { page }) };
}

export const render: RenderPage = async (url, data) => {
  const { pathname } = new URL(url, 'http://localhost');
  // A cache per render: nothing of one page (or one catalog version) leaks into the next.
  const queryClient = createQueryClient();
  seedPageData(queryClient, data, url);
  try {
    // prerender waits for everything that suspends, so the HTML is the whole page.
    const { prelude } = await prerender(
      <StrictMode>
        <AppProvider queryClient={queryClient}>
          <StaticRouter location={url}>
            <AppRoutes routes={serverRoutes} />
          </StaticRouter>
        </AppProvider>
      </StrictMode>,
      // One piece of HTML, whatever its size: a bigger page would otherwise be split into a
      // placeholder and a part moved in place by an inline script, which the CSP refuses.
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    return { ...describePage(pathname, data), html: await new Response(prelude).text() };
  } finally {
    queryClient.clear();
  }
};
