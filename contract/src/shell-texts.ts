/**
 * The dashboard's pages, named alike in its menu (texts.dashboard) and in their document titles
 * (pageTitles); ALL USERS, in capitals in the menu, is the one that differs.
 */
export const dashboardPageNames = {
  myProfile: 'My Profile',
  addReview: 'Add Review',
  myOrders: 'My Orders',
  addProducts: 'Add Products',
  manageOrders: 'Manage Orders',
  manageTools: 'Manage Tools',
  /** Beyond the spec (docs/architecture.md#business-buyers). */
  myQuotes: 'My Quotes',
  /** Beyond the spec (issue 26): SKU and quantity lines into the cart. */
  quickOrder: 'Quick order',
  quotes: 'Quotes',
  /** Beyond the spec (issue 13): the admins' sales overview. */
  sales: 'Sales',
  /** Beyond the spec (issue 22): who holds stock with unpaid orders. */
  stockHolds: 'Stock holds',
  /** Beyond the spec (issue 22): the admins' Reviews (hide and show) and the contact Messages. */
  reviews: 'Reviews',
  messages: 'Messages',
  /** Beyond the spec (issue 44): the customer's company, its members and invitations. */
  company: 'Company',
  /** Beyond the spec (issue 44): the shop admins' list of company accounts. */
  companies: 'Companies',
  /** Beyond the spec (issue 45): the shop admins' open invoices on account. */
  receivables: 'Receivables',
};

/**
 * The texts of the frame every page shows (top bar, footer, page titles, loading and error
 * states, the identity answers the API client words): the first page's script carries them.
 * Part of `texts` (texts.ts); spelt as SPEC.md spells them.
 */
export const shellTexts = {
  brand: { first: 'Tools', second: 'Factory' },
  nav: {
    home: 'HOME',
    about: 'ABOUT',
    blogs: 'BLOGS',
    dashboard: 'DASHBOARD',
    signOut: 'SIGN OUT',
    login: 'LOGIN',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    homeLink: 'Tools Factory home',
    mainNavigation: 'Main navigation',
    /** Beyond the spec (issue 26): the customer's cart, with its line count. */
    cart: 'Cart',
    cartLabel: (lines: number) => `Cart, ${lines} ${lines === 1 ? 'line' : 'lines'}`,
  },
  footer: {
    company: 'company',
    getHelp: 'get help',
    onlineShop: 'online shop',
    followUs: 'follow us',
    copyright: 'Copyright 2023 - All right reserved',
    links: {
      aboutUs: 'About us',
      blogs: 'Blogs',
      contact: 'Contact',
      myOrders: 'My orders',
      account: 'Account',
      support: 'Support',
      allTools: 'All tools',
      customerReviews: 'Customer reviews',
      manufacturerHouse: 'Manufacturer house',
      facebook: 'Facebook',
      twitter: 'Twitter',
      youtube: 'YouTube',
    },
  },
  loading: 'Loading',
  loadingChunkFailed: 'Loading chunk failed',
  retry: 'Retry',
  somethingWentWrong: 'Something went wrong. Please try again.',
  /** The e-mail verification sent on sign-up, and its link followed. */
  emailVerification: {
    checkInbox: (email: string) =>
      `Check your inbox: we sent a link to ${email}. Follow it to verify your e-mail.`,
    verified: 'Your e-mail is verified. Thank you!',
    failed: 'This verification link is invalid or has expired.',
  },
  /** Keyboard and screen-reader aids. */
  a11y: {
    skipToContent: 'Skip to main content',
  },
  /** Each route's document title, before ' | Tools Factory' (the home page is the brand alone). */
  pageTitles: {
    site: 'Tools Factory',
    withSite: (page: string) => `${page} | Tools Factory`,
    about: 'About',
    blogs: 'Blogs',
    search: 'Search tools',
    login: 'Login',
    signup: 'Sign Up',
    resetPassword: 'Reset password',
    /** Beyond the spec (issue 26). */
    cart: 'Cart',
    myProfileInfo: 'My Profile Info',
    purchase: (toolName: string) => `Purchase ${toolName}`,
    purchaseLoading: 'Purchase',
    dashboard: 'Dashboard',
    ...dashboardPageNames,
    payment: 'Payment',
    /** Beyond the spec (issue 25): an order's page for admins. */
    managedOrder: 'Order',
    managedCheckout: 'Checkout',
    /** Beyond the spec (issue 44): where an invitation's e-mailed link lands. */
    companyJoin: 'Join a company',
    allUsers: 'All Users',
    notFound: 'Page not found',
  },
  /** The identity service's errors, in words a person understands (shown in red under the form). */
  identityErrors: {
    /** A wrong password and an unknown e-mail alike: sign-in tells nobody who has an account. */
    wrongEmailOrPassword: 'Wrong e-mail or password. Please try again.',
    emailInUse: 'This e-mail is already in use. Please log in instead.',
    googleUnavailable: 'Google sign-in is not available on this server.',
    tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
    /** 429 on the password past the sign-in limit: a stranger's guesses may be the cause. */
    tooManySignInAttempts:
      'Too many attempts to sign in with a password. Please wait a minute, or sign in with a code e-mailed to you.',
    /** A sign-in code that is wrong, used, expired, or for an address without an account. */
    wrongSignInCode: 'This code is wrong or has expired. Please check it, or ask for a new one.',
    /** Too many wrong codes: that code no longer works. */
    signInCodeSpent: 'Too many wrong codes. Please ask for a new code.',
    /**
     * 429: the address's sign-in codes took their day's guesses (issue 40): no code is sent or
     * taken for it until the day is over, whoever asks; the password still works.
     */
    signInCodesPaused: (hours: number) =>
      `Sign-in codes for this e-mail are paused: too many wrong codes were tried today. Please sign in with your password, or try a code again in ${hours === 1 ? 'an hour' : `${hours} hours`}.`,
    /** 429: this kind of e-mail went to the address often enough this hour (issue 40). */
    tooManyEmails: (minutes: number) =>
      `We have already sent several e-mails of this kind to this address in the last hour. Please use the newest one, or ask again in ${minutes === 1 ? 'a minute' : `${minutes} minutes`}.`,
    invalidResetLink: 'This reset link is invalid or has expired. Please ask for a new one.',
    sessionExpired: 'Your session has expired. Please log in again.',
    /** 401: the session was ended (the password reset, signed out everywhere). */
    sessionEnded:
      'You were signed out because your password was changed or your sessions were ended. Please log in again.',
    /** 401: a sign-in that began before the account's password was changed lets nobody in. */
    passwordChangedDuringSignIn:
      "This account's password was changed while you were signing in. Please log in again with the new password.",
    /** 401: the account of the access token no longer exists. */
    accountRemoved: 'This account was removed. Please sign up again or contact us.',
    notSignedIn: 'Please log in first.',
    otherUsersEmail: 'You can only do this for your own account.',
    adminsOnly: 'Only admins can do this.',
    googleFailed: 'Google sign-in did not complete. Please try again.',
    googleNotLinked:
      'An account with this e-mail already exists. Log in with your password, verify your e-mail, then Google sign-in will work too.',
    /** 400: a field an identity call does not take (an image link, a role ...). */
    unexpectedFields: (fields: readonly string[], allowed: readonly string[]) =>
      `${fields.join(', ')} cannot be sent here: this request takes ${
        allowed.length > 0 ? `only ${allowed.join(', ')}` : 'no fields'
      }.`,
    /** 400: an identity call whose body is not a JSON object (text, an array, nothing). */
    bodyNotObject: 'The request body must be a JSON object.',
  },
} as const;
