import { shellTexts } from '@tools-factory/contract';
import type { ComponentType } from 'react';
import { Navigate, useLocation, useParams, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { RequireAuth } from '../features/accounts/components/require-auth';
import { lazyPage } from '../lib/lazy-route';
import { ShellLayout } from './layouts/shell-layout';
import { titled } from './route-title';

/**
 * The pages the server renders (DESIGN.md section 7). In the browser each is its own chunk
 * (router.tsx); the server entry imports them all at once (entry-server.tsx), so its HTML never
 * waits on a chunk. Every other page is a chunk on both sides.
 */
export interface PublicPages {
  home: ComponentType;
  about: ComponentType;
  blogs: ComponentType;
  login: ComponentType;
  signup: ComponentType;
  purchase: ComponentType;
  notFound: ComponentType;
}

const ResetPasswordPage = lazyPage(() => import('../features/accounts/pages/reset-password-page'));
const MyProfileInfoPage = lazyPage(() => import('../features/profiles/pages/my-profile-info-page'));
const DashboardLayout = lazyPage(() => import('./layouts/dashboard-layout'));
const PortfolioPage = lazyPage(() => import('../features/dashboard/pages/portfolio-page'));
const AddReviewPage = lazyPage(() => import('./pages/add-review-page'));
const MyOrdersPage = lazyPage(() => import('./pages/my-orders-page'));
const MyQuotesPage = lazyPage(() => import('./pages/my-quotes-page'));
const PaymentPage = lazyPage(() => import('./pages/payment-page'));
const MyProfilePage = lazyPage(() => import('./pages/my-profile-page'));
// Its own chunk: the first page's script stays as it was.
const RequireAdmin = lazyPage(() => import('../features/accounts/components/require-admin'));
const AllUsersPage = lazyPage(() => import('../features/accounts/pages/all-users-page'));
const AddProductPage = lazyPage(() => import('../features/catalog/pages/add-product-page'));
const ManageOrdersPage = lazyPage(() => import('./pages/manage-orders-page'));
const ManageQuotesPage = lazyPage(() => import('../features/quotes/pages/manage-quotes-page'));
const SalesPage = lazyPage(() => import('../features/sales/pages/sales-page'));
const StockHoldsPage = lazyPage(() => import('./pages/stock-holds-page'));
const ManagedReviewsPage = lazyPage(() => import('../features/reviews/pages/managed-reviews-page'));
const ContactMessagesPage = lazyPage(
  () => import('../features/contact/pages/contact-messages-page'),
);
const ManageToolsPage = lazyPage(() => import('../features/catalog/pages/manage-tools-page'));

/** /dashboard and anything under it lead to the product's own spelling, /dashborad. */
function DashboardAliasRedirect() {
  const rest = useParams()['*'];
  const { search, hash } = useLocation();
  return <Navigate to={`${paths.dashboard}${rest ? `/${rest}` : ''}${search}${hash}`} replace />;
}

/**
 * Every route of SPEC.md section 2, for React Router's declarative mode (useRoutes): the shell
 * shows each page below the top bar, with a loading bar while its chunk arrives and 'Loading
 * chunk failed' if it never does (layouts/page-outlet.tsx). A route's `handle` names it in the
 * document title (route-title.ts); the home page has none.
 */
export function createAppRoutes(pages: PublicPages): RouteObject[] {
  return [
    {
      element: <ShellLayout />,
      children: [
        { index: true, element: <pages.home /> },
        { path: paths.homeAlias, element: <pages.home /> },
        {
          path: paths.about,
          handle: titled(shellTexts.pageTitles.about),
          element: <pages.about />,
        },
        {
          path: paths.blogs,
          handle: titled(shellTexts.pageTitles.blogs),
          element: <pages.blogs />,
        },
        {
          path: paths.login,
          handle: titled(shellTexts.pageTitles.login),
          element: <pages.login />,
        },
        {
          path: paths.signup,
          handle: titled(shellTexts.pageTitles.signup),
          element: <pages.signup />,
        },
        {
          path: paths.resetPassword,
          handle: titled(shellTexts.pageTitles.resetPassword),
          element: <ResetPasswordPage />,
        },
        {
          // Protected (SPEC.md section 2) inside the page: the tool shows while the sign-in is
          // read, only the order form waits for it. The page names itself after the tool.
          path: paths.purchasePattern,
          handle: titled(null),
          element: <pages.purchase />,
        },
        {
          // Protected (SPEC.md section 2): signed-in users only, others go to /login and back.
          element: <RequireAuth />,
          children: [
            {
              path: paths.myProfileInfo,
              handle: titled(shellTexts.pageTitles.myProfileInfo),
              element: <MyProfileInfoPage />,
            },
            {
              path: paths.dashboard,
              handle: titled(shellTexts.pageTitles.dashboard),
              element: <DashboardLayout />,
              children: [
                { index: true, element: <PortfolioPage /> },
                {
                  path: paths.dashboardAddReview,
                  handle: titled(shellTexts.pageTitles.addReview),
                  element: <AddReviewPage />,
                },
                {
                  path: paths.dashboardOrders,
                  handle: titled(shellTexts.pageTitles.myOrders),
                  element: <MyOrdersPage />,
                },
                {
                  path: paths.dashboardMyQuotes,
                  handle: titled(shellTexts.pageTitles.myQuotes),
                  element: <MyQuotesPage />,
                },
                {
                  path: paths.dashboardPaymentPattern,
                  handle: titled(shellTexts.pageTitles.payment),
                  element: <PaymentPage />,
                },
                {
                  // Admin pages: refused in the browser to everyone else (DESIGN.md section 10).
                  element: <RequireAdmin />,
                  children: [
                    {
                      path: paths.dashboardUsers,
                      handle: titled(shellTexts.pageTitles.allUsers),
                      element: <AllUsersPage />,
                    },
                    {
                      path: paths.dashboardAddProducts,
                      handle: titled(shellTexts.pageTitles.addProducts),
                      element: <AddProductPage />,
                    },
                    {
                      path: paths.dashboardAllOrders,
                      handle: titled(shellTexts.pageTitles.manageOrders),
                      element: <ManageOrdersPage />,
                    },
                    {
                      path: paths.dashboardQuotes,
                      handle: titled(shellTexts.pageTitles.quotes),
                      element: <ManageQuotesPage />,
                    },
                    {
                      path: paths.dashboardSales,
                      handle: titled(shellTexts.pageTitles.sales),
                      element: <SalesPage />,
                    },
                    {
                      path: paths.dashboardHolds,
                      handle: titled(shellTexts.pageTitles.stockHolds),
                      element: <StockHoldsPage />,
                    },
                    {
                      path: paths.dashboardReviews,
                      handle: titled(shellTexts.pageTitles.reviews),
                      element: <ManagedReviewsPage />,
                    },
                    {
                      path: paths.dashboardMessages,
                      handle: titled(shellTexts.pageTitles.messages),
                      element: <ContactMessagesPage />,
                    },
                    {
                      path: paths.dashboardManageTools,
                      handle: titled(shellTexts.pageTitles.manageTools),
                      element: <ManageToolsPage />,
                    },
                  ],
                },
                {
                  path: paths.dashboardMyProfile,
                  handle: titled(shellTexts.pageTitles.myProfile),
                  element: <MyProfilePage />,
                },
              ],
            },
          ],
        },
        { path: `${paths.dashboardAlias}/*`, element: <DashboardAliasRedirect /> },
        {
          path: '*',
          handle: titled(shellTexts.pageTitles.notFound),
          element: <pages.notFound />,
        },
      ],
    },
  ];
}
