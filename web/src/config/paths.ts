import { routes } from '@tools-factory/contract';

/**
 * Every route path in one place. Links use the contract's `routes` (shared with the e2e tests);
 * the router's patterns for routes with parameters are derived from the same functions, so a
 * link and the route it leads to cannot drift apart.
 */
export const paths = {
  ...routes,
  purchasePattern: routes.purchase(':id'),
  categoryPattern: routes.category(':slug'),
  dashboardPaymentPattern: routes.dashboardPayment(':id'),
  dashboardCheckoutPaymentPattern: routes.dashboardCheckoutPayment(':checkoutId'),
  dashboardManagedOrderPattern: routes.dashboardManagedOrder(':id'),
  dashboardManagedCheckoutPattern: routes.dashboardManagedCheckout(':id'),
  dashboardManagedCompanyPattern: routes.dashboardManagedCompany(':id'),
  /** Old links and typing habits: /dashboard leads to the product's /dashborad. */
  dashboardAlias: '/dashboard',
} as const;

/** The top bar stays hidden on the dashboard and everything below it. */
export function isDashboardPath(pathname: string): boolean {
  return pathname === paths.dashboard || pathname.startsWith(`${paths.dashboard}/`);
}
