import { shellTexts } from '@tools-factory/contract';
import { isValidElement, useMemo, type ComponentType } from 'react';
import { Navigate, Outlet, useLocation, useParams, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import type { CompanyVisitor } from '../features/companies/company-visitor';
import { RequireAuth } from '../features/identity/components/require-auth';
import { useAuth } from '../features/identity/hooks/use-auth';
import { lazyPage } from '../lib/lazy-route';
import { ShellLayout } from './layouts/shell-layout';
import { titled } from './route-title';

/**
 * The pages the server renders (docs/architecture.md#pages). In the browser each is its own chunk
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
  /** Beyond the spec (issue 43): a category's tools with its facets. */
  category: ComponentType;
  notFound: ComponentType;
}

/** The component a route renders (its element's type), to tell which page a path shows. */
export function routeComponent(route: RouteObject): unknown {
  return isValidElement(route.element) ? route.element.type : undefined;
}

const ResetPasswordPage = lazyPage(() => import('../features/identity/pages/reset-password-page'));
const MyProfileInfoPage = lazyPage(() => import('../features/profiles/pages/my-profile-info-page'));
const DashboardLayout = lazyPage(() => import('./layouts/dashboard-layout'));
const PortfolioPage = lazyPage(() => import('./pages/portfolio-page'));
const AddReviewPage = lazyPage(() => import('./pages/add-review-page'));
const MyOrdersPage = lazyPage(() => import('./pages/my-orders-page'));
const MyQuotesPage = lazyPage(() => import('./pages/my-quotes-page'));
const QuickOrderPage = lazyPage(() => import('./pages/quick-order-page'));
const CartPage = lazyPage(() => import('./pages/cart-page'));
const PaymentPage = lazyPage(() => import('./pages/payment-page'));
const CheckoutPaymentPage = lazyPage(() => import('./pages/checkout-payment-page'));
const MyProfilePage = lazyPage(() => import('./pages/my-profile-page'));
// Its own chunk: the first page's script stays as it was.
const RequireAdmin = lazyPage(() => import('../features/identity/components/require-admin'));
const AllUsersPage = lazyPage(() => import('./pages/all-users-page'));
const AddProductPage = lazyPage(() => import('./pages/add-product-page'));
const ManageOrdersPage = lazyPage(() => import('./pages/manage-orders-page'));
const ManagedOrderPage = lazyPage(() => import('./pages/managed-order-page'));
const ManagedCheckoutPage = lazyPage(() => import('./pages/managed-checkout-page'));
// Beyond the spec (issue 44): the shop admins' list of company accounts, and one company's page.
const ManagedCompanyPage = lazyPage(() => import('./pages/managed-company-page'));
const ManageQuotesPage = lazyPage(() => import('../features/quotes/pages/manage-quotes-page'));
const SalesPage = lazyPage(() => import('../features/sales/pages/sales-page'));
// Beyond the spec (issue 45): the open invoices on account, and the payments received.
const ReceivablesPage = lazyPage(() => import('../features/receivables/pages/receivables-page'));
const StockHoldsPage = lazyPage(() => import('./pages/stock-holds-page'));
const ManagedReviewsPage = lazyPage(() => import('../features/reviews/pages/managed-reviews-page'));
const ContactMessagesPage = lazyPage(
  () => import('../features/contact/pages/contact-messages-page'),
);
const ManageToolsPage = lazyPage(() => import('./pages/manage-tools-page'));
// Beyond the spec (issue 44): the customer's company, and where an invitation's link lands.
const CompanyPage = lazyPage(() => import('../features/companies/pages/company-page'));
const CompanyJoinPage = lazyPage(() => import('../features/companies/pages/company-join-page'));
const CompanyOrdersPage = lazyPage(() => import('../features/companies/pages/company-orders-page'));
// Beyond the spec (issue 43): the catalog searched on the server; the browser asks for its results.
const SearchPage = lazyPage(() => import('../features/tools/pages/search-page'));

/** /dashboard and anything under it lead to the product's own spelling, /dashborad. */
function DashboardAliasRedirect() {
  const rest = useParams()['*'];
  const { search, hash } = useLocation();
  return <Navigate to={`${paths.dashboard}${rest ? `/${rest}` : ''}${search}${hash}`} replace />;
}

/**
 * Tells the company pages below it who is signed in (their outlet context): the companies feature
 * reads no other feature's session.
 */
function CompanyVisitorOutlet() {
  const auth = useAuth();
  const accountId = auth.user?.id;
  const visitor = useMemo((): CompanyVisitor => {
    if (auth.status === 'signedOut') return { status: 'signedOut' };
    if (auth.status !== 'signedIn' || !accountId) return { status: 'unknown' };
    return { status: 'signedIn', account: { id: accountId } };
  }, [auth.status, accountId]);
  return <Outlet context={visitor} />;
}

const titles = shellTexts.pageTitles;

/** A page's route, named in the document title (null: the page names itself). */
function titledPage(path: string, title: string | null, Page: ComponentType): RouteObject {
  return { path, handle: titled(title), element: <Page /> };
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
        titledPage(paths.about, titles.about, pages.about),
        titledPage(paths.blogs, titles.blogs, pages.blogs),
        titledPage(paths.login, titles.login, pages.login),
        titledPage(paths.signup, titles.signup, pages.signup),
        titledPage(paths.resetPassword, titles.resetPassword, ResetPasswordPage),
        // Protected (SPEC.md section 2) inside the page: the tool shows while the sign-in is
        // read, only the order form waits for it. The page names itself after the tool.
        titledPage(paths.purchasePattern, null, pages.purchase),
        // Names itself after the category.
        titledPage(paths.categoryPattern, null, pages.category),
        titledPage(paths.search, titles.search, SearchPage),
        {
          // An invitation's link: open to signed-out visitors, who are asked to sign in and come
          // back to the same link. Not the dashboard's (whose frame is for the signed-in).
          element: <CompanyVisitorOutlet />,
          children: [titledPage(paths.dashboardCompanyJoin, titles.companyJoin, CompanyJoinPage)],
        },
        {
          // Protected (SPEC.md section 2): signed-in users only, others go to /login and back.
          element: <RequireAuth />,
          children: [
            titledPage(paths.myProfileInfo, titles.myProfileInfo, MyProfileInfoPage),
            titledPage(paths.cart, titles.cart, CartPage),
            {
              path: paths.dashboard,
              handle: titled(titles.dashboard),
              element: <DashboardLayout />,
              children: [
                { index: true, element: <PortfolioPage /> },
                titledPage(paths.dashboardAddReview, titles.addReview, AddReviewPage),
                titledPage(paths.dashboardOrders, titles.myOrders, MyOrdersPage),
                titledPage(paths.dashboardMyQuotes, titles.myQuotes, MyQuotesPage),
                titledPage(paths.dashboardQuickOrder, titles.quickOrder, QuickOrderPage),
                titledPage(paths.dashboardPaymentPattern, titles.payment, PaymentPage),
                titledPage(
                  paths.dashboardCheckoutPaymentPattern,
                  titles.payment,
                  CheckoutPaymentPage,
                ),
                {
                  // Admin pages: refused in the browser to everyone else
                  // (docs/architecture.md#departures-from-the-spec).
                  element: <RequireAdmin />,
                  children: [
                    titledPage(paths.dashboardUsers, titles.allUsers, AllUsersPage),
                    titledPage(paths.dashboardAddProducts, titles.addProducts, AddProductPage),
                    titledPage(paths.dashboardAllOrders, titles.manageOrders, ManageOrdersPage),
                    titledPage(
                      paths.dashboardManagedOrderPattern,
                      titles.managedOrder,
                      ManagedOrderPage,
                    ),
                    titledPage(
                      paths.dashboardManagedCheckoutPattern,
                      titles.managedCheckout,
                      ManagedCheckoutPage,
                    ),
                    titledPage(paths.dashboardQuotes, titles.quotes, ManageQuotesPage),
                    titledPage(paths.dashboardSales, titles.sales, SalesPage),
                    titledPage(paths.dashboardReceivables, titles.receivables, ReceivablesPage),
                    titledPage(paths.dashboardHolds, titles.stockHolds, StockHoldsPage),
                    titledPage(paths.dashboardCompanies, titles.companies, ManagedCompanyPage),
                    // Names itself after the company.
                    titledPage(paths.dashboardManagedCompanyPattern, null, ManagedCompanyPage),
                    titledPage(paths.dashboardReviews, titles.reviews, ManagedReviewsPage),
                    titledPage(paths.dashboardMessages, titles.messages, ContactMessagesPage),
                    titledPage(paths.dashboardManageTools, titles.manageTools, ManageToolsPage),
                  ],
                },
                titledPage(paths.dashboardMyProfile, titles.myProfile, MyProfilePage),
                {
                  element: <CompanyVisitorOutlet />,
                  children: [
                    titledPage(paths.dashboardCompany, titles.company, CompanyPage),
                    // Beyond the spec (issue 44): the company's checkouts, or a buyer's own.
                    // Its title is the page's own: its words are not the first script's.
                    titledPage(paths.dashboardCompanyOrders, null, CompanyOrdersPage),
                  ],
                },
              ],
            },
          ],
        },
        { path: `${paths.dashboardAlias}/*`, element: <DashboardAliasRedirect /> },
        titledPage('*', titles.notFound, pages.notFound),
      ],
    },
  ];
}
