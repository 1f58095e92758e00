import { routes, texts, type Order, type Quote, type Tool } from '@tools-factory/contract';
import type { Locator } from '@playwright/test';
import { uniqueEmail } from '../support/accounts.ts';
import { signInAsAdmin } from '../support/admin.ts';
import { readFirstSeededTool } from '../support/api.ts';
import { field, signUpAsCustomer } from '../support/customer.ts';
import { customerInOwnBrowser } from '../support/own-browser.ts';
import { expect, test, waitForHydrationAfterLoads } from '../support/fixtures.ts';
import {
  addProfile,
  offerQuote,
  placeOrder,
  removeOrder,
  requestQuote,
  routeGroups,
  routeKeysOf,
  Sweep,
  type RouteGroup,
  type RouteIds,
  type RouteKey,
} from '../support/sweep.ts';
import { desktop, phone } from '../support/viewports.ts';

/**
 * Issue 15, part 6: axe on every page of the route table (contract/src/routes.ts) and the
 * not-found page, as a visitor, a customer and an admin, at 360 and 1280 px, in the states that
 * matter (each dialog open, forms showing their errors, lists empty and not), with every dialog
 * checked for its focus trap and Escape.
 *
 * One test per role, width and group of routes (routeGroups in support/sweep.ts; issue 22, item
 * 21): each walks its group's pages and needs well under a minute on a quiet machine, where one
 * test walking all of a role's pages needed minutes. Every route is in one group, so the tests
 * of a role and width together walk the whole table; the not-found page is the pages group's. The
 * groups a role is only refused are one test of that role (walksOf).
 *
 * The only tool ordered is the first seeded one, at its smallest quantity, and each order is
 * removed again: like the invoice and CSV journeys, no journey counts that tool's stock. Quote
 * requests take no stock, and nothing else the other journeys count is changed.
 */

const viewports = [phone, desktop];

/** Below md (768 px) the dashboard's menu is a drawer and the top bar's a toggled list. */
const isPhone = (width: number) => width < 768;

/** The order id of a route walked with no order of the caller's: one nobody has. */
const NO_ORDER = '00000000-0000-4000-8000-000000000000';

// A declined test card is a 402 answer, which Chromium logs.
const DECLINED_CARD_CONSOLE_ERROR = /status of 402 \(Payment Required\)/;
test.use({ allowedConsoleErrors: DECLINED_CARD_CONSOLE_ERROR });

/** The visible one of the elements found (tables and card lists are both in some pages). */
const visible = (locator: Locator) => locator.filter({ visible: true });

type States = Partial<Record<RouteKey, () => Promise<void>>>;

/** Walks the groups' routes (the pages' with the not-found page); `states` adds checks per route. */
async function walk(
  sweep: Sweep,
  groups: readonly RouteGroup[],
  ids: RouteIds,
  states: States,
): Promise<void> {
  for (const group of groups) {
    for (const key of routeKeysOf(group)) {
      await sweep.visit(key, ids);
      await states[key]?.();
    }
    if (group === 'pages') await sweep.visitPath('notFound', '/no/such/page');
  }
}

/**
 * The groups each test of a role walks: one test a group, but the groups the role is only refused
 * (a visitor sent to /login, a customer shown 'Admins only') in one test, since axe checks that
 * refusal once and the rest of their routes are only verified to show it.
 */
function walksOf(refused: readonly RouteGroup[]): (readonly RouteGroup[])[] {
  const seen = routeGroups.filter((group) => !refused.includes(group));
  return [...seen.map((group) => [group]), refused];
}
const ADMIN_GROUPS: readonly RouteGroup[] = ['admin catalog', 'admin quotes', 'admin people'];
const visitorWalks = walksOf(['dashboard', ...ADMIN_GROUPS]);
const customerWalks = walksOf(ADMIN_GROUPS);

/** Below md: the dashboard's drawer, a modal of its own (focus kept in, Escape, back to the toggle). */
async function checkDashboardDrawer(sweep: Sweep): Promise<void> {
  if (!isPhone(sweep.width)) return;
  const { page } = sweep;
  const toggle = page.getByRole('button', { name: texts.dashboard.openMenu });
  const drawerId = await toggle.getAttribute('aria-controls');
  await sweep.dialog('dashboard', toggle, page.locator(`[id="${drawerId}"]`), 'dashboard menu', {
    include: '.drawer-side',
  });
}

/** Below md: the top bar's menu open (a disclosure, not a modal: axe only). */
async function checkTopBarMenu(sweep: Sweep, key: RouteKey): Promise<void> {
  if (!isPhone(sweep.width)) return;
  const toggle = sweep.page.getByRole('button', { name: texts.nav.openMenu });
  await toggle.focus();
  await toggle.press('Enter');
  await expect(sweep.page.getByRole('button', { name: texts.nav.closeMenu })).toBeVisible();
  await sweep.check(key, 'menu open', 'header');
  await sweep.page.keyboard.press('Escape');
  await expect(toggle).toBeVisible();
}

/** What a visitor's walk checks beyond each page loaded: the forms' errors, the menu. */
function visitorStates(sweep: Sweep): States {
  const { page } = sweep;
  return {
    home: () => checkTopBarMenu(sweep, 'home'),
    login: async () => {
      await page.getByRole('button', { name: texts.login.submit, exact: true }).click();
      await expect(page.getByText(texts.fieldErrors.required('email'))).toBeVisible();
      await sweep.check('login', 'errors shown', 'main');
    },
    signup: async () => {
      await page.getByRole('button', { name: texts.signup.submit, exact: true }).click();
      await expect(page.getByText(texts.fieldErrors.required('name'))).toBeVisible();
      await sweep.check('signup', 'errors shown', 'main');
    },
    resetPassword: async () => {
      await page.goto(routes.resetPassword);
      await expect(
        page.getByRole('link', { name: texts.resetPasswordPage.goToLogin }),
      ).toBeVisible();
      await sweep.check('resetPassword', 'link without a token');
    },
  };
}

/** What a customer's walk checks beyond each page loaded: dialogs, errors, lists. */
function customerStates(sweep: Sweep, tool: Tool): States {
  const { page } = sweep;
  return {
    home: () => checkTopBarMenu(sweep, 'home'),
    myProfileInfo: () =>
      // It opens 'add information' by itself: nothing to give the focus back to.
      sweep.dialog(
        'myProfileInfo',
        null,
        page.getByRole('dialog', { name: texts.profile.addInformation }),
        texts.profile.addInformation,
      ),
    purchase: async () => {
      await field(page, texts.purchase.quantity).fill(String(tool.minOrderQuantity));
      await page.getByRole('button', { name: texts.purchase.placeOrder }).click();
      await expect(page.getByText(texts.purchase.quantityOutOfRange)).toBeVisible();
      await sweep.check('purchase', 'quantity refused');
      await sweep.dialog(
        'purchase',
        page.getByRole('button', { name: texts.quotes.requestQuote }),
        page.getByRole('dialog', { name: texts.quotes.requestTitle(tool.name) }),
        texts.quotes.requestQuote,
      );
    },
    dashboard: () => checkDashboardDrawer(sweep),
    dashboardAddReview: async () => {
      await page.getByRole('button', { name: texts.reviews.submit }).click();
      await expect(page.getByText(texts.fieldErrors.required('review'))).toBeVisible();
      await sweep.check('dashboardAddReview', 'errors shown', 'main');
    },
    dashboardOrders: () =>
      sweep.dialog(
        'dashboardOrders',
        visible(page.getByRole('button', { name: texts.orders.remove })).first(),
        page.getByRole('dialog', { name: texts.orders.confirmRemoveTitle }),
        texts.orders.confirmRemoveTitle,
      ),
    dashboardPayment: async () => {
      await expect(page.getByRole('button', { name: texts.payment.pay })).toBeEnabled();
      await field(page, texts.payment.cardNumber).fill('4000 0000 0000 0002');
      await field(page, texts.payment.expiry).fill('1239');
      await field(page, texts.payment.cvc).fill('123');
      await page.getByRole('button', { name: texts.payment.pay }).click();
      await expect(
        page.getByRole('alert').filter({ hasText: texts.cardErrors.declined }),
      ).toBeVisible();
      await sweep.check('dashboardPayment', 'card declined', 'main');
    },
    dashboardMyProfile: async () => {
      await expect(page.getByText(texts.profile.notAddedYet)).toBeVisible();
      const addDialog = page.getByRole('dialog', { name: texts.profile.addInformation });
      await sweep.dialog(
        'dashboardMyProfile',
        page.getByRole('button', { name: texts.profile.addInformation }),
        addDialog,
        texts.profile.addInformation,
        {
          whileOpen: async () => {
            await addDialog.getByRole('button', { name: texts.profile.save }).click();
            await expect(
              addDialog.getByText(texts.fieldErrors.required('education')),
            ).toBeVisible();
            return 'errors shown';
          },
        },
      );
      await addProfile(page);
      await page.reload();
      await expect(page.getByRole('button', { name: texts.profile.editInformation })).toBeVisible();
      await sweep.check('dashboardMyProfile', 'information added');
      await sweep.dialog(
        'dashboardMyProfile',
        page.getByRole('button', { name: texts.profile.editInformation }),
        page.getByRole('dialog', { name: texts.profile.editInformation }),
        texts.profile.editInformation,
      );
    },
    dashboardMyQuotes: async () => {
      await expect(page.getByText(texts.quotes.empty)).toBeVisible();
    },
    dashboardQuickOrder: async () => {
      // A good line and a bad one: both verdicts' colours are checked.
      await field(page, texts.quickOrder.pasteLabel).fill(
        `${tool.sku} ${tool.minOrderQuantity + 1}\nXX-NONE 5`,
      );
      await expect(page.getByText(texts.quickOrder.summary(1, 1))).toBeVisible();
      await sweep.check('dashboardQuickOrder', 'lines checked', 'main');
    },
  };
}

/** A customer of the admin's lists: their order (for the users' and orders' lists) or quote. */
type AdminFixtures = { customerEmail?: string; quote?: Quote };

/** What an admin's walk checks beyond each page loaded: each list's dialogs. */
function adminStates(sweep: Sweep, tool: Tool, fixtures: AdminFixtures): States {
  const { page } = sweep;
  const rowOf = (text: string) => visible(page.locator('tr, li').filter({ hasText: text }));
  /**
   * The dialogs the buttons of a row open, checked one after the other: each button's name, its
   * dialog's title, and the name the report gives it.
   */
  const rowDialogs = async (
    key: RouteKey,
    row: Locator,
    dialogs: [button: string, title: string, name: string][],
  ) => {
    for (const [button, title, name] of dialogs) {
      await sweep.dialog(
        key,
        row.getByRole('button', { name: button }),
        page.getByRole('dialog', { name: title }),
        name,
      );
    }
  };
  const { customerEmail, quote } = fixtures;
  return {
    dashboard: () => checkDashboardDrawer(sweep),
    ...(customerEmail && {
      dashboardUsers: async () => {
        // Issue 43: a page of accounts at a time, oldest first: the customer's found by e-mail.
        await page.getByRole('searchbox', { name: texts.admin.searchUsers }).fill(customerEmail);
        await page.getByRole('button', { name: texts.admin.searchUsers, exact: true }).click();
        await rowDialogs('dashboardUsers', rowOf(customerEmail), [
          [
            texts.admin.removeUser,
            texts.admin.confirmRemoveUserTitle,
            texts.admin.confirmRemoveUserTitle,
          ],
        ]);
      },
      dashboardAllOrders: () =>
        rowDialogs('dashboardAllOrders', rowOf(customerEmail), [
          [texts.orders.remove, texts.orders.confirmRemoveTitle, texts.orders.confirmRemoveTitle],
        ]),
    }),
    dashboardAddProducts: async () => {
      await page.getByRole('button', { name: texts.addProduct.submit }).click();
      await expect(page.getByText(texts.fieldErrors.required('name')).first()).toBeVisible();
      await sweep.check('dashboardAddProducts', 'errors shown', 'main');
    },
    dashboardManageTools: async () => {
      const row = rowOf(tool.name).first();
      // The row's actions but Remove are in its Actions menu: checked open, then each dialog.
      const menu = row.getByRole('button', { name: texts.manageTools.actions });
      await menu.click();
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      await sweep.check('dashboardManageTools', 'row actions open', 'main');
      await page.keyboard.press('Escape');
      for (const [button, title] of [
        [texts.priceBreaks.edit, texts.priceBreaks.editTitle(tool.name)],
        [texts.manageTools.lowStock.edit, texts.manageTools.lowStock.title(tool.name)],
      ] as const) {
        await sweep.dialog(
          'dashboardManageTools',
          row.getByRole('button', { name: button, exact: true }),
          page.getByRole('dialog', { name: title }),
          button,
          { menu },
        );
      }
      await rowDialogs('dashboardManageTools', row, [
        [
          texts.orders.remove,
          texts.manageTools.confirmRemoveTitle,
          texts.manageTools.confirmRemoveTitle,
        ],
      ]);
    },
    ...(quote && {
      dashboardQuotes: () =>
        rowDialogs('dashboardQuotes', rowOf(quote.reference), [
          [
            texts.manageQuotes.makeOffer,
            texts.manageQuotes.offerTitle(quote.reference),
            texts.manageQuotes.makeOffer,
          ],
          [
            texts.manageQuotes.decline,
            texts.manageQuotes.declineTitle(quote.reference),
            texts.manageQuotes.decline,
          ],
        ]),
    }),
  };
}

for (const viewport of viewports) {
  const px = `${viewport.width} px`;
  test.describe(`accessibility sweep at ${px}`, () => {
    test.use({ viewport });

    for (const groups of visitorWalks) {
      test(`a visitor: ${groups.join(', ')} (${px})`, async ({ page }) => {
        const tool = await readFirstSeededTool(page.request);
        const sweep = new Sweep(page, 'visitor', viewport.width);
        // A visitor is sent to /login before any order is looked for.
        await walk(sweep, groups, { toolId: tool._id, orderId: NO_ORDER }, visitorStates(sweep));
        sweep.report();
      });
    }

    for (const groups of customerWalks) {
      test(`a customer: ${groups.join(', ')}, its dialogs, empty and filled lists (${px})`, async ({
        page,
      }) => {
        const tool = await readFirstSeededTool(page.request);
        const email = uniqueEmail('axel');
        await signUpAsCustomer(page, email, 'Axel Sweep');
        const sweep = new Sweep(page, 'customer', viewport.width);
        const states = customerStates(sweep, tool);
        if (!groups.includes('dashboard')) {
          await walk(sweep, groups, { toolId: tool._id, orderId: NO_ORDER }, states);
          sweep.report();
          return;
        }
        // The empty list first: no order yet.
        await sweep.visit('dashboardOrders', { toolId: tool._id, orderId: '' });
        await expect(page.getByText(texts.orders.empty)).toBeVisible();
        await sweep.check('dashboardOrders', 'empty');
        const order: Order = await placeOrder(page, email, tool);
        await walk(
          sweep,
          groups,
          { toolId: tool._id, orderId: order._id, checkoutId: order.checkoutId },
          states,
        );
        await removeOrder(page, order);
        sweep.report();
      });
    }

    test(`a customer: an offer's Accept and Decline dialogs (${px})`, async ({ page, browser }) => {
      const tool = await readFirstSeededTool(page.request);
      await signUpAsCustomer(page, uniqueEmail('axel'), 'Axel Sweep');
      const quote: Quote = await requestQuote(page, tool);
      // The admin makes the offer from a browser of their own.
      const adminContext = await browser.newContext({ viewport });
      try {
        const adminPage = await adminContext.newPage();
        waitForHydrationAfterLoads(adminPage);
        await signInAsAdmin(adminPage);
        await offerQuote(adminPage, quote, tool.price);
      } finally {
        await adminContext.close();
      }

      const sweep = new Sweep(page, 'customer', viewport.width);
      await sweep.visit('dashboardMyQuotes', { toolId: tool._id, orderId: NO_ORDER });
      const offered = visible(page.locator('tr, li').filter({ hasText: quote.reference }));
      await sweep.dialog(
        'dashboardMyQuotes',
        offered.getByRole('button', { name: texts.quotes.accept }),
        page.getByRole('dialog', { name: texts.quotes.confirmAcceptTitle }),
        texts.quotes.confirmAcceptTitle,
      );
      await sweep.dialog(
        'dashboardMyQuotes',
        offered.getByRole('button', { name: texts.quotes.decline }),
        page.getByRole('dialog', { name: texts.quotes.confirmDeclineTitle }),
        texts.quotes.confirmDeclineTitle,
      );
      sweep.report();
    });

    test.describe('as an admin', () => {
      // The payment page of an order that is not the admin's says so: a 404.
      test.use({ allowedConsoleErrors: /status of 404 \(Not Found\)/ });

      for (const group of routeGroups) {
        test(`an admin: ${group} and its dialogs (${px})`, async ({ page, browser }) => {
          const tool = await readFirstSeededTool(page.request);
          // A customer with an order, or a quote request, for the admin's lists and dialogs.
          const needsOrder = group === 'admin people';
          const needsQuote = group === 'admin quotes';
          const customer =
            needsOrder || needsQuote
              ? await customerInOwnBrowser(browser, viewport, 'Cora Sweep')
              : undefined;
          const order =
            customer && needsOrder
              ? await placeOrder(customer.page, customer.email, tool)
              : undefined;
          const quote =
            customer && needsQuote ? await requestQuote(customer.page, tool) : undefined;

          await signInAsAdmin(page);
          const sweep = new Sweep(page, 'admin', viewport.width);
          const fixtures: AdminFixtures = {
            ...(order && customer && { customerEmail: customer.email }),
            ...(quote && { quote }),
          };
          await walk(
            sweep,
            [group],
            { toolId: tool._id, orderId: order?._id ?? NO_ORDER },
            adminStates(sweep, tool, fixtures),
          );
          sweep.report();
          if (customer) {
            if (order) await removeOrder(customer.page, order);
            await customer.context.close();
          }
        });
      }
    });
  });
}
