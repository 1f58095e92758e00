/** The API base: the spec's `{host}` is `<origin>/api`. */
export const API_BASE = '/api';

/** Every API path, as the spec names it (relative to API_BASE). */
export const apiPaths = {
  parts: '/parts',
  tool: (id: string) => `/tool/${encodeURIComponent(id)}`,
  reviews: '/review',
  gallery: '/gallery',
  /** PUT: record a sign-in (the access token). */
  user: (email: string) => `/user/${encodeURIComponent(email)}`,
  /** DELETE (admin): Remove User; the same path as `user`. */
  removeUser: (email: string) => `/user/${encodeURIComponent(email)}`,
  users: '/user',
  makeAdmin: (email: string) => `/user/admin/${encodeURIComponent(email)}`,
  admin: (email: string) => `/admin/${encodeURIComponent(email)}`,
  order: '/order',
  orders: (email: string) => `/orders?email=${encodeURIComponent(email)}`,
  deleteOrder: (id: string) => `/deleteOrder/${encodeURIComponent(id)}`,
  manageOrders: '/manageOrders',
  /** PATCH (admin): a paid order becomes shipped. */
  shipOrder: (id: string) => `/manageOrders/${encodeURIComponent(id)}/ship`,
  /** POST (admin): Add Product. */
  addTool: '/tool',
  deleteTool: (id: string) => `/deleteTols/${encodeURIComponent(id)}`,
  payOrder: (id: string) => `/payorder/${encodeURIComponent(id)}`,
  createPaymentIntent: '/create-payment-intent',
  /** PATCH: the spec records a payment at the tool path, {id} being the order. */
  recordPayment: (orderId: string) => `/tool/${encodeURIComponent(orderId)}`,
  paymentSettings: '/payment-settings',
  confirmTestCard: '/payments/test/confirm',
  stripeWebhook: '/webhooks/stripe',
  userInfo: '/userinfo',
  updateUserInfo: (email: string) => `/userinfo/${encodeURIComponent(email)}`,
  profileDetail: (email: string) => `/profilrdetail/${encodeURIComponent(email)}`,
  health: '/health',
  ready: '/ready',
} as const;
