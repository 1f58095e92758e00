import {
  API_BASE,
  apiPaths,
  PlaceOrderResponseSchema,
  QuoteSchema,
  routes,
  texts,
  todayUtc,
  type Order,
  type Quote,
  type Tool,
} from '@tools-factory/contract';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe.ts';
import {
  expectEscapeCloses,
  expectFocusTrapped,
  openWithKeyboard,
  settleAnimations,
} from './dialogs.ts';

interface DialogOptions {
  /** The part axe checks while the dialog is open (a CSS selector): the dialog by default. */
  include?: string;
  /** Brings the open dialog to another state, and says which. */
  whileOpen?: () => Promise<string>;
  /**
   * The opener is an action in a row's actions menu (RowActionsMenu), opened by this button
   * first, with the keyboard; the focus comes back to this button when the dialog closes.
   */
  menu?: Locator;
}

/** Who looks at the pages. */
export type Role = 'visitor' | 'customer' | 'admin';
export type RouteKey = keyof typeof routes;

/** Who may see a route: the others see the login page (visitors) or 'Admins only' (customers). */
type Access = 'public' | 'signedIn' | 'admin';

/** The ids a route with a parameter needs, found or made by the walk. */
export interface RouteIds {
  toolId: string;
  orderId: string;
  /**
   * The checkout of the walk's order (issue 26); without one, the order's id, which names no
   * checkout: the page says so in words (a 404).
   */
  checkoutId?: string;
}

/**
 * Every route of the app's route table (contract/src/routes.ts), with the path the sweep opens
 * and who may see it. A Record over the table's keys: a route added there and not here fails to
 * compile, and the walk goes through the table's own keys, so no route is left out.
 */
interface SweptRoute {
  path: (ids: RouteIds) => string;
  access: Access;
  /** Another path to a page of the table (an alias): verified to show it, not checked again. */
  aliasOf?: RouteKey;
  /** The sweep's test that walks it; by default the one of its access (see groupOf). */
  group?: RouteGroup;
}

/**
 * The route table in groups, one test each per role and width (issue 22, item 21): a walk of
 * every page with its dialogs in one test took minutes on a quiet machine, each group takes
 * well under one. Every route is in exactly one group (groupOf), so the groups' walks together
 * still walk the whole table.
 */
export const routeGroups = [
  'shop',
  'pages',
  'account',
  'dashboard',
  'admin catalog',
  'admin quotes',
  'admin people',
] as const;
export type RouteGroup = (typeof routeGroups)[number];

/** A route's group when it names none: the public pages, the dashboard's, the admins'. */
const DEFAULT_GROUP: Record<Access, RouteGroup> = {
  public: 'pages',
  signedIn: 'dashboard',
  admin: 'admin people',
};

/** The company of a route walked without one: an id nobody's company has. */
const NO_COMPANY = '00000000-0000-4000-8000-000000000000';

export const sweptRoutes: Record<RouteKey, SweptRoute> = {
  home: { path: () => routes.home, access: 'public', group: 'shop' },
  homeAlias: { path: () => routes.homeAlias, access: 'public', aliasOf: 'home', group: 'shop' },
  about: { path: () => routes.about, access: 'public' },
  blogs: { path: () => routes.blogs, access: 'public' },
  login: { path: () => routes.login, access: 'public', group: 'account' },
  signup: { path: () => routes.signup, access: 'public', group: 'account' },
  // With a token, as the e-mailed link comes: the form (without one it says the link is bad).
  resetPassword: {
    path: () => `${routes.resetPassword}?token=sweep`,
    access: 'public',
    group: 'account',
  },
  myProfileInfo: { path: () => routes.myProfileInfo, access: 'signedIn', group: 'account' },
  purchase: { path: ({ toolId }) => routes.purchase(toolId), access: 'signedIn', group: 'shop' },
  /** Issue 43: a category's tools with its facets (a demo category: its tools are seeded). */
  category: { path: () => routes.category('gripping-tools'), access: 'public', group: 'shop' },
  /** Issue 43: the catalog searched on the server, a word corrected. */
  search: { path: () => `${routes.search}?q=hamer`, access: 'public', group: 'shop' },
  /** Issue 26: the customer's cart (an admin is told the cart is for customers). */
  cart: { path: () => routes.cart, access: 'signedIn', group: 'shop' },
  dashboard: { path: () => routes.dashboard, access: 'signedIn' },
  dashboardAddReview: { path: () => routes.dashboardAddReview, access: 'signedIn' },
  /** Issue 44: the customer's company (none yet: the form to create one). */
  dashboardCompany: { path: () => routes.dashboardCompany, access: 'signedIn' },
  /**
   * Issue 44: an invitation's page, open to visitors (asked to sign in), here without the link's
   * secret: it says the e-mailed link is needed (company.spec.ts walks it with one).
   */
  dashboardCompanyJoin: {
    path: () => routes.dashboardCompanyJoin,
    access: 'public',
    group: 'account',
  },
  /** Issue 44: Company Orders, here of an account of no company: it says so in words. */
  dashboardCompanyOrders: { path: () => routes.dashboardCompanyOrders, access: 'signedIn' },
  dashboardOrders: { path: () => routes.dashboardOrders, access: 'signedIn' },
  dashboardUsers: { path: () => routes.dashboardUsers, access: 'admin' },
  dashboardPayment: {
    path: ({ orderId }) => routes.dashboardPayment(orderId),
    access: 'signedIn',
  },
  /** Issue 26: every line of a checkout paid at once. */
  dashboardCheckoutPayment: {
    path: ({ orderId, checkoutId }) => routes.dashboardCheckoutPayment(checkoutId ?? orderId),
    access: 'signedIn',
  },
  dashboardAddProducts: {
    path: () => routes.dashboardAddProducts,
    access: 'admin',
    group: 'admin catalog',
  },
  dashboardAllOrders: { path: () => routes.dashboardAllOrders, access: 'admin' },
  /** Issue 25: an order's page for admins (the walk's order, whoever placed it). */
  dashboardManagedOrder: {
    path: ({ orderId }) => routes.dashboardManagedOrder(orderId),
    access: 'admin',
  },
  /** Issue 42: a checkout's page for admins (the walk's order's checkout). */
  dashboardManagedCheckout: {
    path: ({ orderId, checkoutId }) => routes.dashboardManagedCheckout(checkoutId ?? orderId),
    access: 'admin',
  },
  dashboardManageTools: {
    path: () => routes.dashboardManageTools,
    access: 'admin',
    group: 'admin catalog',
  },
  dashboardMyProfile: {
    path: () => routes.dashboardMyProfile,
    access: 'signedIn',
    group: 'account',
  },
  dashboardMyQuotes: { path: () => routes.dashboardMyQuotes, access: 'signedIn' },
  /** Issue 26: SKU and quantity lines into the cart. */
  dashboardQuickOrder: { path: () => routes.dashboardQuickOrder, access: 'signedIn' },
  dashboardQuotes: { path: () => routes.dashboardQuotes, access: 'admin', group: 'admin quotes' },
  dashboardSales: { path: () => routes.dashboardSales, access: 'admin' },
  /** Issue 45: the open invoices on account (receivables.spec.ts checks them with axe). */
  dashboardReceivables: { path: () => routes.dashboardReceivables, access: 'admin' },
  dashboardHolds: { path: () => routes.dashboardHolds, access: 'admin' },
  dashboardReviews: {
    path: () => routes.dashboardReviews,
    access: 'admin',
    group: 'admin catalog',
  },
  dashboardMessages: { path: () => routes.dashboardMessages, access: 'admin' },
  /** Issue 44: the shop admins' list of company accounts. */
  dashboardCompanies: { path: () => routes.dashboardCompanies, access: 'admin' },
  /**
   * Issue 44: a company's page, here of an id no company has: it says so in words (a 404);
   * manage-companies.spec.ts checks a real company's page with axe.
   */
  dashboardManagedCompany: {
    path: () => routes.dashboardManagedCompany(NO_COMPANY),
    access: 'admin',
  },
};

/** The route table's keys, in its order. */
export const routeKeys = Object.keys(routes) as RouteKey[];

export function groupOf(key: RouteKey): RouteGroup {
  const route = sweptRoutes[key];
  return route.group ?? DEFAULT_GROUP[route.access];
}

/** The keys of a group's routes, in the table's order. */
export const routeKeysOf = (group: RouteGroup): RouteKey[] =>
  routeKeys.filter((key) => groupOf(key) === group);

/** What a role is shown on a route: the page itself, or where it is sent instead. */
function outcomeFor(role: Role, access: Access): 'page' | 'login' | 'adminsOnly' {
  if (access === 'public' || role === 'admin') return 'page';
  if (role === 'visitor') return 'login';
  return access === 'admin' ? 'adminsOnly' : 'page';
}

/**
 * One role's walk at one width: opens pages, waits for each to settle, and runs axe on each
 * state, keeping the list of what it checked (route, role, width, state).
 */
export class Sweep {
  /** What axe checked: 'route | role | width | state'. */
  readonly checked: string[] = [];
  /** The dialogs whose focus trap and Escape were checked. */
  readonly dialogs: string[] = [];
  /** Routes that showed this role the same page (an alias) or refusal as one checked already. */
  readonly sameAs: string[] = [];
  /** The first heading each route showed. */
  private readonly headings = new Map<RouteKey, string>();
  /** The first route that showed each refusal. */
  private readonly redirects = new Map<string, RouteKey>();

  readonly page: Page;
  readonly role: Role;
  readonly width: number;

  constructor(page: Page, role: Role, width: number) {
    this.page = page;
    this.role = role;
    this.width = width;
  }

  /**
   * Opens the route as this role sees it, waits until it has settled, and checks it ('loaded').
   * A route that sends this role elsewhere (/login, or 'Admins only') is checked there once: the
   * others that send it to the same place are verified to do so, not checked again by axe; and
   * so is an alias (/home) once its page (/) was checked.
   */
  async visit(key: RouteKey, ids: RouteIds): Promise<void> {
    const route = sweptRoutes[key];
    const outcome = outcomeFor(this.role, route.access);
    await this.page.goto(route.path(ids));
    if (outcome === 'login') {
      await expect(this.page).toHaveURL(routes.login);
    } else if (outcome === 'adminsOnly') {
      await expect(
        this.page.getByRole('heading', { name: texts.dashboard.adminsOnlyTitle }),
      ).toBeVisible();
    }
    await settle(this.page);
    if (outcome === 'page') {
      const heading = await this.page.getByRole('main').getByRole('heading').first().innerText();
      this.headings.set(key, heading);
      const alias = route.aliasOf;
      if (alias && this.headings.has(alias)) {
        expect(heading, `${key} shows the page of ${alias}`).toBe(this.headings.get(alias));
        this.sameAs.push(`${key} | ${this.role} | ${this.width} | the page of ${alias}`);
        return;
      }
      await this.check(key, 'loaded');
      return;
    }
    const firstShown = this.redirects.get(outcome);
    if (firstShown) {
      this.sameAs.push(
        `${key} | ${this.role} | ${this.width} | shown ${outcome}, as ${firstShown}`,
      );
      return;
    }
    this.redirects.set(outcome, key);
    await this.check(key, `shown ${outcome}`);
  }

  /** Opens a path outside the route table (the not-found page) and checks it. */
  async visitPath(name: string, path: string): Promise<void> {
    await this.page.goto(path);
    await settle(this.page);
    await this.check(name, 'loaded');
  }

  /**
   * Runs axe on the page as it stands (or on the part `include` selects, when the rest is as it
   * was checked already): no serious or critical violation.
   */
  async check(name: string, state: string, include?: string): Promise<void> {
    await expectNoSeriousA11yViolations(
      this.page,
      `${this.role}, ${this.width} px, ${state}`,
      include,
    );
    this.checked.push(`${name} | ${this.role} | ${this.width} | ${state}`);
  }

  /**
   * A dialog: opened from its control by keyboard, checked by axe while open (the dialog: the
   * page behind is inert and was checked before), the focus kept inside (Tab and Shift+Tab),
   * then closed by Escape with the focus back on its control. `whileOpen` may bring it to
   * another state worth checking (errors shown) before it closes.
   */
  async dialog(
    key: string,
    opener: Locator | null,
    dialog: Locator,
    name: string,
    { include = 'dialog[open]', whileOpen, menu }: DialogOptions = {},
  ): Promise<void> {
    if (menu && opener) {
      await menu.focus();
      await menu.press('Enter');
      await expect(opener).toBeVisible();
    }
    if (opener) await openWithKeyboard(opener, dialog);
    else {
      await expect(dialog).toBeVisible();
      await settleAnimations(dialog);
    }
    await this.check(key, `dialog '${name}' open`, include);
    await expectFocusTrapped(this.page, dialog, name);
    if (whileOpen) await this.check(key, `dialog '${name}': ${await whileOpen()}`, include);
    await expectEscapeCloses(this.page, dialog, menu ?? opener);
    this.dialogs.push(`${key} | ${this.role} | ${this.width} | ${name}`);
  }

  /** Says in the report what this walk checked, and how many. */
  report(): void {
    test.info().annotations.push({
      type: 'a11y sweep',
      description:
        `${this.role} at ${this.width} px: ${this.checked.length} states checked by axe, ` +
        `${this.sameAs.length} more routes verified to show a page or refusal checked already, ` +
        `${this.dialogs.length} dialogs checked for focus trap and Escape`,
    });
    console.log(
      [
        ...this.checked.map((line) => `[a11y] axe | ${line}`),
        ...this.sameAs.map((line) => `[a11y] same | ${line}`),
        ...this.dialogs.map((line) => `[a11y] dialog | ${line}`),
      ].join('\n'),
    );
  }
}

/**
 * Waits until the page has settled: its chunk arrived (no loading bar) and its data too (no
 * spinner), and it shows its own heading.
 */
export async function settle(page: Page): Promise<void> {
  await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
  await expect(page.locator('[role="progressbar"], [role="status"]:has(.loading)')).toHaveCount(0);
}

/** The Authorization header of the account this page is signed in with. */
export async function bearerOf(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  if (!token) throw new Error('the page is not signed in');
  return { authorization: `Bearer ${token}` };
}

async function send(
  request: APIRequestContext,
  method: 'POST' | 'DELETE',
  path: string,
  headers: Record<string, string>,
  data?: object,
): Promise<unknown> {
  const response = await request.fetch(`${API_BASE}${path}`, {
    method,
    headers,
    ...(data ? { data } : {}),
  });
  if (!response.ok()) {
    throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
  }
  return response.json();
}

/** An unpaid order of the tool's smallest allowed quantity, placed with this page's account. */
export async function placeOrder(page: Page, email: string, tool: Tool): Promise<Order> {
  const body = await send(page.request, 'POST', apiPaths.order, await bearerOf(page), {
    toolId: tool._id,
    name: tool.name,
    email,
    quantity: tool.minOrderQuantity + 1,
    address: '12 Harbour Road, Chattogram',
  });
  return PlaceOrderResponseSchema.parse(body).order;
}

/** Removes an order of this page's account (its stock goes back on sale). */
export async function removeOrder(page: Page, order: Order): Promise<void> {
  await send(page.request, 'DELETE', apiPaths.deleteOrder(order._id), await bearerOf(page));
}

/** A day `days` after today, by the server's calendar (UTC). */
const daysFromToday = (days: number) => todayUtc(new Date(Date.now() + days * 86_400_000));

/** A quote request for the tool, sent with this page's account (it takes no stock). */
export async function requestQuote(page: Page, tool: Tool): Promise<Quote> {
  const body = await send(page.request, 'POST', apiPaths.quotes, await bearerOf(page), {
    toolId: tool._id,
    quantity: tool.minOrderQuantity + 1,
    neededBy: daysFromToday(60),
    note: 'For the accessibility sweep.',
  });
  return QuoteSchema.parse(body);
}

/** An admin's offer for a quote, sent with this (admin's) page's account. */
export async function offerQuote(page: Page, quote: Quote, price: number): Promise<void> {
  await send(page.request, 'POST', apiPaths.offerQuote(quote._id), await bearerOf(page), {
    price,
    validUntil: daysFromToday(30),
  });
}

/** The profile of this page's account (My Profile's 'add information'). */
export async function addProfile(page: Page): Promise<void> {
  await send(page.request, 'POST', apiPaths.userInfo, await bearerOf(page), {
    education: 'BSc Mechanical Engineering',
    city: 'Chattogram',
    phone: '+880 1711 000000',
    linkdin: 'https://www.linkedin.com/in/sweep',
  });
}
