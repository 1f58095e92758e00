import { routes, texts, type Order, type Quote, type Tool } from '@tools-factory/contract';
import type { Locator } from '@playwright/test';
import { uniqueEmail } from '../support/accounts.ts';
import { ADMIN_EXISTS_CONSOLE_ERROR, signInAsAdmin } from '../support/admin.ts';
import { readSeededData } from '../support/api.ts';
import { field, signUpAsCustomer } from '../support/customer.ts';
import { customerInOwnBrowser } from '../support/own-browser.ts';
import { expect, test } from '../support/fixtures.ts';
import {
  addProfile,
  offerQuote,
  placeOrder,
  removeOrder,
  requestQuote,
  routeKeys,
  Sweep,
  type RouteIds,
  type RouteKey,
} from '../support/sweep.ts';

/**
 * Issue 15, part 6: axe on every page of the route table (contract/src/routes.ts) and the
 * not-found page, as a visitor, a customer and an admin, at 360 and 1280 px, in the states that
 * matter (each dialog open, forms showing their errors, lists empty and not), with every dialog
 * checked for its focus trap and Escape. One test per role and width walks all its pages.
 *
 * The only tool ordered is the first seeded one, at its smallest quantity, and each order is
 * removed again: like the invoice and CSV journeys, no journey counts that tool's stock. Quote
 * requests take no stock, and nothing else the other journeys count is changed.
 */

const viewports = [
  { width: 360, height: 780 },
  { width: 1280, height: 900 },
];

/** Below md (768 px) the dashboard's menu is a drawer and the top bar's a toggled list. */
const isPhone = (width: number) => width < 768;

// Each test walks some twenty pages and checks each with axe (a second or so a run): longer
// than one journey, above all on a machine shared with other runs.
test.describe.configure({ timeout: 240_000 });

// A declined test card is a 402 answer, which Chromium logs.
const DECLINED_CARD_CONSOLE_ERROR = /status of 402 \(Payment Required\)/;
test.use({ allowedConsoleErrors: DECLINED_CARD_CONSOLE_ERROR });

/** The visible one of the elements found (tables and card lists are both in some pages). */
const visible = (locator: Locator) => locator.filter({ visible: true });

/** Walks every route of the table, then the not-found page; `states` adds checks per route. */
async function walk(
  sweep: Sweep,
  ids: RouteIds,
  states: Partial<Record<RouteKey, () => Promise<void>>>,
): Promise<void> {
  for (const key of routeKeys) {
    await sweep.visit(key, ids);
    await states[key]?.();
  }
  await sweep.visitPath('notFound', '/no/such/page');
}

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

for (const viewport of viewports) {
  test.describe(`accessibility sweep at ${viewport.width} px`, () => {
    test.use({ viewport });

    test(`a visitor: every page (${viewport.width} px)`, async ({ page }) => {
      const [tool] = (await readSeededData(page.request)).tools as [Tool];
      const sweep = new Sweep(page, 'visitor', viewport.width);
      await walk(
        sweep,
        // A visitor is sent to /login before any order is looked for.
        { toolId: tool._id, orderId: '00000000-0000-4000-8000-000000000000' },
        {
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
        },
      );
      sweep.report();
    });

    test(`a customer: every page, its dialogs, empty and filled lists (${viewport.width} px)`, async ({
      page,
    }) => {
      const [tool] = (await readSeededData(page.request)).tools as [Tool];
      const email = uniqueEmail('axel');
      await signUpAsCustomer(page, email, 'Axel Sweep');
      const sweep = new Sweep(page, 'customer', viewport.width);

      // The empty lists first: no order, no quote, no profile yet.
      await sweep.visit('dashboardOrders', { toolId: tool._id, orderId: '' });
      await expect(page.getByText(texts.orders.empty)).toBeVisible();
      await sweep.check('dashboardOrders', 'empty');
      const order: Order = await placeOrder(page, email, tool);

      await walk(
        sweep,
        { toolId: tool._id, orderId: order._id },
        {
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
            await expect(
              page.getByRole('button', { name: texts.profile.editInformation }),
            ).toBeVisible();
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
        },
      );
      await removeOrder(page, order);
      sweep.report();
    });

    test.describe('as an admin', () => {
      // The admin's sign-up when the account exists is refused with a 422 (see signInAsAdmin), and
      // a customer's payment page tells the admin that order is not theirs to pay: a 404.
      test.use({
        allowedConsoleErrors: new RegExp(
          `status of 404 \\(Not Found\\)|${ADMIN_EXISTS_CONSOLE_ERROR.source}`,
        ),
      });
      test(`an admin: every page and its dialogs; a customer's offer dialogs (${viewport.width} px)`, async ({
        page,
        browser,
      }) => {
        const [tool] = (await readSeededData(page.request)).tools as [Tool];
        // A customer with an order and a quote request, for the admin's lists and dialogs.
        const customer = await customerInOwnBrowser(browser, viewport, 'Cora Sweep');
        const order = await placeOrder(customer.page, customer.email, tool);
        const quote: Quote = await requestQuote(customer.page, tool);

        await signInAsAdmin(page);
        const sweep = new Sweep(page, 'admin', viewport.width);
        const rowOf = (text: string) => visible(page.locator('tr, li').filter({ hasText: text }));

        await walk(
          sweep,
          { toolId: tool._id, orderId: order._id },
          {
            dashboard: () => checkDashboardDrawer(sweep),
            dashboardUsers: () =>
              sweep.dialog(
                'dashboardUsers',
                rowOf(customer.email).getByRole('button', { name: texts.admin.removeUser }),
                page.getByRole('dialog', { name: texts.admin.confirmRemoveUserTitle }),
                texts.admin.confirmRemoveUserTitle,
              ),
            dashboardAddProducts: async () => {
              await page.getByRole('button', { name: texts.addProduct.submit }).click();
              await expect(
                page.getByText(texts.fieldErrors.required('name')).first(),
              ).toBeVisible();
              await sweep.check('dashboardAddProducts', 'errors shown', 'main');
            },
            dashboardAllOrders: () =>
              sweep.dialog(
                'dashboardAllOrders',
                rowOf(customer.email).getByRole('button', { name: texts.orders.remove }),
                page.getByRole('dialog', { name: texts.orders.confirmRemoveTitle }),
                texts.orders.confirmRemoveTitle,
              ),
            dashboardManageTools: async () => {
              const row = rowOf(tool.name).first();
              await sweep.dialog(
                'dashboardManageTools',
                row.getByRole('button', { name: texts.priceBreaks.edit }),
                page.getByRole('dialog', { name: texts.priceBreaks.editTitle(tool.name) }),
                texts.priceBreaks.edit,
              );
              await sweep.dialog(
                'dashboardManageTools',
                row.getByRole('button', { name: texts.manageTools.lowStock.edit }),
                page.getByRole('dialog', { name: texts.manageTools.lowStock.title(tool.name) }),
                texts.manageTools.lowStock.edit,
              );
              await sweep.dialog(
                'dashboardManageTools',
                row.getByRole('button', { name: texts.orders.remove }),
                page.getByRole('dialog', { name: texts.manageTools.confirmRemoveTitle }),
                texts.manageTools.confirmRemoveTitle,
              );
            },
            dashboardQuotes: async () => {
              const row = rowOf(quote.reference);
              await sweep.dialog(
                'dashboardQuotes',
                row.getByRole('button', { name: texts.manageQuotes.makeOffer }),
                page.getByRole('dialog', { name: texts.manageQuotes.offerTitle(quote.reference) }),
                texts.manageQuotes.makeOffer,
              );
              await sweep.dialog(
                'dashboardQuotes',
                row.getByRole('button', { name: texts.manageQuotes.decline }),
                page.getByRole('dialog', {
                  name: texts.manageQuotes.declineTitle(quote.reference),
                }),
                texts.manageQuotes.decline,
              );
            },
          },
        );
        sweep.report();

        // The customer's answer to an offer: Accept and Decline open their dialogs.
        await offerQuote(page, quote, tool.price);
        const customerSweep = new Sweep(customer.page, 'customer', viewport.width);
        await customerSweep.visit('dashboardMyQuotes', { toolId: tool._id, orderId: order._id });
        const offered = visible(
          customer.page.locator('tr, li').filter({ hasText: quote.reference }),
        );
        await customerSweep.dialog(
          'dashboardMyQuotes',
          offered.getByRole('button', { name: texts.quotes.accept }),
          customer.page.getByRole('dialog', { name: texts.quotes.confirmAcceptTitle }),
          texts.quotes.confirmAcceptTitle,
        );
        await customerSweep.dialog(
          'dashboardMyQuotes',
          offered.getByRole('button', { name: texts.quotes.decline }),
          customer.page.getByRole('dialog', { name: texts.quotes.confirmDeclineTitle }),
          texts.quotes.confirmDeclineTitle,
        );
        customerSweep.report();
        await removeOrder(customer.page, order);
        await customer.context.close();
      });
    });
  });
}
