import { describe, expect, it } from 'vitest';
import { apiPaths } from './api-paths.ts';

describe('apiPaths', () => {
  it('fills a segment in, encoded, and keeps the route the server declares', () => {
    expect(apiPaths.user('a@b.com')).toBe('/user/a%40b.com');
    expect(apiPaths.user.pattern).toBe('/user/:email');
    expect(apiPaths.shipOrder('x/y')).toBe('/manageOrders/x%2Fy/ship');
    expect(apiPaths.shipOrder.pattern).toBe('/manageOrders/:id/ship');
    expect(apiPaths.deleteTool('$&')).toBe('/deleteTols/%24%26');
    expect(apiPaths.categoryTools('hand-saws')).toBe('/categories/hand-saws/tools');
    expect(apiPaths.manageCategory('a/b')).toBe('/manageCategories/a%2Fb');
  });

  it('puts a query parameter after the bare route', () => {
    expect(apiPaths.orders('a@b.com')).toBe('/orders?email=a%40b.com');
    expect(apiPaths.orders.pattern).toBe('/orders');
  });

  it('spells every route as the spec does (typos included: clients rely on them)', () => {
    const routes = Object.fromEntries(
      Object.entries(apiPaths).map(([key, path]) => [
        key,
        typeof path === 'string' ? path : path.pattern,
      ]),
    );
    expect(routes).toEqual({
      parts: '/parts',
      tool: '/tool/:id',
      reviews: '/review',
      reviewsPage: '/review/page',
      manageReviews: '/manageReviews',
      reviewHidden: '/manageReviews/:id/hidden',
      manageReviewsPage: '/manageReviews/page',
      contact: '/contact',
      manageMessages: '/manageMessages',
      manageMessagesPage: '/manageMessages/page',
      manageMessage: '/manageMessages/:id',
      messageReply: '/manageMessages/:id/reply',
      gallery: '/gallery',
      user: '/user/:email',
      removeUser: '/user/:email',
      users: '/user',
      usersSearch: '/users/search',
      makeAdmin: '/user/admin/:email',
      removeAdmin: '/user/admin/:email',
      admin: '/admin/:email',
      order: '/order',
      orders: '/orders',
      deleteOrder: '/deleteOrder/:id',
      invoice: '/orders/:id/invoice.pdf',
      manageOrders: '/manageOrders',
      manageOrdersCsv: '/manageOrders.csv',
      manageOrdersSearch: '/manageOrders/search',
      managedOrder: '/manageOrders/:id',
      shipOrder: '/manageOrders/:id/ship',
      unshipOrder: '/manageOrders/:id/unship',
      managedCheckout: '/manageCheckouts/:id',
      checkoutShipments: '/manageCheckouts/:id/shipments',
      checkoutShipping: '/manageCheckouts/:id/shipping',
      shippingRates: '/shipping-rates',
      undoShipment: '/manageShipments/:id/undo',
      packingSlip: '/manageShipments/:id/packing-slip.pdf',
      cancelOrder: '/manageOrders/:id/cancel',
      refundOrder: '/manageOrders/:id/refunds',
      cancelCheckout: '/manageCheckouts/:id/cancel',
      creditNote: '/orders/:id/credit-note.pdf',
      creditNoteById: '/creditNotes/:id',
      manageHolds: '/manageHolds',
      manageHoldsPage: '/manageHolds/page',
      releaseHolds: '/manageHolds/:userId/release',
      holdLimit: '/manageHolds/:userId/limit',
      addTool: '/tool',
      deleteTool: '/deleteTols/:id',
      priceBreaks: '/tool/:id/priceBreaks',
      lowStockThreshold: '/tool/:id/lowStockThreshold',
      toolStock: '/manageTools/stock',
      manageToolsPage: '/manageTools/page',
      editTool: '/manageTools/:id',
      toolStockMovements: '/manageTools/:id/stock',
      restoreTool: '/manageTools/:id/restore',
      archivedTools: '/manageTools/archived',
      toolImages: '/manageTools/images',
      search: '/search',
      categories: '/categories',
      categoryTools: '/categories/:slug/tools',
      manageCategories: '/manageCategories',
      manageCategory: '/manageCategories/:slug',
      sales: '/manageSales',
      salesCsv: '/manageSales.csv',
      manageNotifications: '/manageNotifications',
      company: '/company',
      companyInvitations: '/company/invitations',
      companyInvitation: '/company/invitations/:id',
      companyInvitationLookup: '/company/invitations/lookup',
      companyInvitationAccept: '/company/invitations/accept',
      companyOrders: '/company/orders',
      companyMember: '/company/members/:userId',
      manageCompanies: '/manageCompanies',
      manageCompany: '/manageCompanies/:id',
      manageCompanyTerms: '/manageCompanies/:id/terms',
      companyAddresses: '/company/addresses',
      companyAddressesLocked: '/company/addresses/locked',
      companyAddress: '/company/addresses/:id',
      companyApprove: '/company/approvals/:checkoutId/approve',
      companyReject: '/company/approvals/:checkoutId/reject',
      quotes: '/quotes',
      quotesPage: '/quotes/page',
      acceptQuote: '/quotes/:id/accept',
      declineQuote: '/quotes/:id/decline',
      manageQuotes: '/manageQuotes',
      manageQuotesPage: '/manageQuotes/page',
      offerQuote: '/manageQuotes/:id/offer',
      refuseQuote: '/manageQuotes/:id/decline',
      // Issue 42: quote requests of several lines, from the cart.
      quoteRequests: '/quoteRequests',
      quoteRequestsPage: '/quoteRequests/page',
      acceptQuoteRequest: '/quoteRequests/:id/accept',
      declineQuoteRequest: '/quoteRequests/:id/decline',
      manageQuoteRequests: '/manageQuoteRequests',
      manageQuoteRequestsPage: '/manageQuoteRequests/page',
      offerQuoteRequest: '/manageQuoteRequests/:id/offer',
      refuseQuoteRequest: '/manageQuoteRequests/:id/decline',
      // Issue 26: the cart, the checkout and its payment.
      cart: '/cart',
      cartLine: '/cart/lines/:toolId',
      cartLines: '/cart/lines',
      cartReorder: '/cart/reorder',
      checkout: '/checkout',
      checkouts: '/checkouts',
      checkoutsPage: '/checkouts/page',
      checkoutById: '/checkouts/:id',
      checkoutPaymentIntent: '/checkouts/:id/payment-intent',
      checkoutInvoice: '/checkouts/:id/invoice.pdf',
      payOrder: '/payorder/:id',
      createPaymentIntent: '/create-payment-intent',
      recordPayment: '/tool/:id',
      paymentSettings: '/payment-settings',
      identitySettings: '/identity-settings',
      confirmTestCard: '/payments/test/confirm',
      stripeWebhook: '/webhooks/stripe',
      userInfo: '/userinfo',
      updateUserInfo: '/userinfo/:email',
      profileDetail: '/profilrdetail/:email',
      health: '/health',
      ready: '/ready',
    });
  });
});
