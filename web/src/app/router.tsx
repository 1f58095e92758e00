import { texts } from '@tools-factory/contract';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { paths } from '../config/paths';
import { RequireAuth } from '../features/accounts/components/require-auth';
import { lazyPage } from '../lib/lazy-route';
import { ShellLayout } from './layouts/shell-layout';
import { RouteErrorBoundary } from './route-error-boundary';
import { titled } from './route-title';

const homePage = lazyPage(() => import('./pages/home-page'));

/**
 * Every route of SPEC.md section 2. Each page is its own chunk, loaded when first visited; a
 * chunk that fails lands in RouteErrorBoundary inside the shell, so the top bar stays usable.
 * A route's `handle` names it in the document title (route-title.ts); the home page has none.
 */
export const appRoutes: RouteObject[] = [
  {
    Component: ShellLayout,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      {
        // Pathless: catches page errors below the top bar, and shows a spinner in the page's
        // place while the first page's chunk arrives.
        ErrorBoundary: RouteErrorBoundary,
        HydrateFallback: Spinner,
        children: [
          { index: true, lazy: homePage },
          { path: paths.homeAlias, lazy: homePage },
          {
            path: paths.about,
            handle: titled(texts.pageTitles.about),
            lazy: lazyPage(() => import('../features/company/pages/about-page')),
          },
          {
            path: paths.blogs,
            handle: titled(texts.pageTitles.blogs),
            lazy: lazyPage(() => import('../features/company/pages/blogs-page')),
          },
          {
            path: paths.login,
            handle: titled(texts.pageTitles.login),
            lazy: lazyPage(() => import('../features/accounts/pages/login-page')),
          },
          {
            path: paths.signup,
            handle: titled(texts.pageTitles.signup),
            lazy: lazyPage(() => import('../features/accounts/pages/signup-page')),
          },
          {
            path: paths.resetPassword,
            handle: titled(texts.pageTitles.resetPassword),
            lazy: lazyPage(() => import('../features/accounts/pages/reset-password-page')),
          },
          {
            // Protected (SPEC.md section 2): signed-in users only, others go to /login and back.
            Component: RequireAuth,
            children: [
              {
                path: paths.myProfileInfo,
                handle: titled(texts.pageTitles.myProfileInfo),
                lazy: lazyPage(() => import('../features/profiles/pages/my-profile-info-page')),
              },
              {
                path: paths.purchasePattern,
                handle: titled(null),
                lazy: lazyPage(() => import('./pages/purchase-page')),
              },
              {
                path: paths.dashboard,
                handle: titled(texts.pageTitles.dashboard),
                lazy: lazyPage(() => import('./layouts/dashboard-layout')),
                children: [
                  {
                    ErrorBoundary: RouteErrorBoundary,
                    children: [
                      {
                        index: true,
                        lazy: lazyPage(() => import('../features/dashboard/pages/portfolio-page')),
                      },
                      {
                        path: paths.dashboardAddReview,
                        handle: titled(texts.pageTitles.addReview),
                        lazy: lazyPage(() => import('./pages/add-review-page')),
                      },
                      {
                        path: paths.dashboardOrders,
                        handle: titled(texts.pageTitles.myOrders),
                        lazy: lazyPage(() => import('./pages/my-orders-page')),
                      },
                      {
                        path: paths.dashboardMyQuotes,
                        handle: titled(texts.pageTitles.myQuotes),
                        lazy: lazyPage(() => import('./pages/my-quotes-page')),
                      },
                      {
                        path: paths.dashboardPaymentPattern,
                        handle: titled(texts.pageTitles.payment),
                        lazy: lazyPage(() => import('./pages/payment-page')),
                      },
                      {
                        // Admin pages: refused in the browser to everyone else (DESIGN.md section
                        // 10). Its own chunk: the first page's script stays as it was.
                        lazy: lazyPage(
                          () => import('../features/accounts/components/require-admin'),
                        ),
                        children: [
                          {
                            path: paths.dashboardUsers,
                            handle: titled(texts.pageTitles.allUsers),
                            lazy: lazyPage(() => import('./pages/all-users-page')),
                          },
                          {
                            path: paths.dashboardAddProducts,
                            handle: titled(texts.pageTitles.addProducts),
                            lazy: lazyPage(
                              () => import('../features/admin/pages/add-product-page'),
                            ),
                          },
                          {
                            path: paths.dashboardAllOrders,
                            handle: titled(texts.pageTitles.manageOrders),
                            lazy: lazyPage(
                              () => import('../features/admin/pages/manage-orders-page'),
                            ),
                          },
                          {
                            path: paths.dashboardQuotes,
                            handle: titled(texts.pageTitles.quotes),
                            lazy: lazyPage(
                              () => import('../features/quotes/pages/manage-quotes-page'),
                            ),
                          },
                          {
                            path: paths.dashboardSales,
                            handle: titled(texts.pageTitles.sales),
                            lazy: lazyPage(() => import('../features/sales/pages/sales-page')),
                          },
                          {
                            path: paths.dashboardManageTools,
                            handle: titled(texts.pageTitles.manageTools),
                            lazy: lazyPage(
                              () => import('../features/admin/pages/manage-tools-page'),
                            ),
                          },
                        ],
                      },
                      {
                        path: paths.dashboardMyProfile,
                        handle: titled(texts.pageTitles.myProfile),
                        lazy: lazyPage(() => import('./pages/my-profile-page')),
                      },
                    ],
                  },
                ],
              },
            ],
          },
          {
            // /dashboard and anything under it lead to the product's own spelling, /dashborad.
            path: `${paths.dashboardAlias}/*`,
            // Nothing to render: the loader redirects before any render.
            element: null,
            loader: ({ params, request }) => {
              const rest = params['*'] ? `/${params['*']}` : '';
              return redirect(`${paths.dashboard}${rest}${new URL(request.url).search}`);
            },
          },
          {
            path: '*',
            handle: titled(texts.pageTitles.notFound),
            lazy: lazyPage(() => import('./pages/not-found-page')),
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
