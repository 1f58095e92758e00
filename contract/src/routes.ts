/** Every client route of SPEC.md section 2 (the dashboard is spelt `dashborad`, as the product has it). */
export const routes = {
  home: '/',
  homeAlias: '/home',
  about: '/about',
  blogs: '/blogs',
  login: '/login',
  signup: '/signup',
  resetPassword: '/reset-password',
  myProfileInfo: '/myProfileInfo',
  purchase: (id: string) => `/purchase/${id}`,
  /** Beyond the spec (issue 43): a category's tools with its facets (`all`: every tool). */
  category: (slug: string) => `/category/${slug}`,
  /** Beyond the spec (issue 43): the catalog searched on the server (/search?q=hamer). */
  search: '/search',
  /** Beyond the spec (issue 26): the signed-in customer's cart, kept on the server. */
  cart: '/cart',
  dashboard: '/dashborad',
  dashboardAddReview: '/dashborad/addreview',
  dashboardOrders: '/dashborad/orders',
  dashboardUsers: '/dashborad/users',
  dashboardPayment: (id: string) => `/dashborad/orders/payment/${id}`,
  /** Beyond the spec (issue 26): paying every line of one checkout at once. */
  dashboardCheckoutPayment: (checkoutId: string) =>
    `/dashborad/orders/payment/checkout/${checkoutId}`,
  dashboardAddProducts: '/dashborad/addproducts',
  dashboardAllOrders: '/dashborad/allorders',
  /** Beyond the spec (issue 25): an order's page for admins. */
  dashboardManagedOrder: (id: string) => `/dashborad/allorders/${id}`,
  /** Beyond the spec (issue 42): a checkout's page for admins, its lines and shipments. */
  dashboardManagedCheckout: (id: string) => `/dashborad/allorders/checkout/${id}`,
  dashboardManageTools: '/dashborad/manageTools',
  dashboardMyProfile: '/dashborad/myprofile',
  /** Beyond the spec (issue 44): the customer's company, its members and invitations. */
  dashboardCompany: '/dashborad/company',
  /**
   * Beyond the spec (issue 44): an invitation's page; its secret follows `#`, which no request
   * carries (so no log of ours holds it).
   */
  dashboardCompanyJoin: '/dashborad/company/join',
  /** Beyond the spec (issue 44): the company's checkouts (its admins), or a buyer's own. */
  dashboardCompanyOrders: '/dashborad/company/orders',
  /** Beyond the spec (issue 44): the shop admins' list of company accounts. */
  dashboardCompanies: '/dashborad/companies',
  /** Beyond the spec (issue 44): one company account as the shop's admins see it. */
  dashboardManagedCompany: (id: string) => `/dashborad/companies/${id}`,
  /**
   * Beyond the spec (docs/architecture.md#business-buyers): the customer's quotes, and the admins'
   * Quotes.
   */
  dashboardMyQuotes: '/dashborad/myquotes',
  /** Beyond the spec (issue 26): lines of SKU and quantity pasted or uploaded into the cart. */
  dashboardQuickOrder: '/dashborad/quickorder',
  dashboardQuotes: '/dashborad/quotes',
  /** Beyond the spec (issue 13): the admins' sales overview. */
  dashboardSales: '/dashborad/sales',
  /** Beyond the spec (issue 45): the open invoices on account, and the payments received. */
  dashboardReceivables: '/dashborad/receivables',
  /** Beyond the spec (issue 22): who holds stock with unpaid orders, and releasing a hold. */
  dashboardHolds: '/dashborad/holds',
  /** Beyond the spec (issue 22): the admins' Reviews (hide and show) and contact Messages. */
  dashboardReviews: '/dashborad/reviews',
  dashboardMessages: '/dashborad/messages',
} as const;
