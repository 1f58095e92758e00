import { randomUUID } from 'node:crypto';
import { apiPaths, MyCompanySchema, routes, texts } from '@tools-factory/contract';
import type { Page } from '@playwright/test';
import { invitationLinkTo, keepAtBothWidths, verifiedCustomer } from '../support/company.ts';
import { expect, test, waitForHydrationAfterLoads } from '../support/fixtures.ts';
import { rowOf } from '../support/screen.ts';
import { addOwnToolsAside, callAs, checkOutAs } from '../support/shop-api.ts';
import { desktop } from '../support/viewports.ts';

const words = texts.companyOrders;
const SCREENSHOTS = 'docs/screenshots/issue-44';
const ADDRESS = '3 Forge Lane, Sheffield';

/** What this page's account asks the API, with its token (the steps the journey is not about). */

/** The rows of Company Orders' table (its header row aside). */
const checkoutRows = (page: Page) => page.getByRole('table').locator('tbody tr');

test('a company admin sees every checkout of the company and filters them; a buyer only their own', async ({
  page,
  browser,
}) => {
  const unique = randomUUID().slice(0, 6);
  const companyName = `Forge Orders ${unique} Ltd`;
  const [wrench, vice] = await addOwnToolsAside(browser, desktop, [
    {
      name: `Orders Wrench ${unique}`,
      desc: 'A wrench the Company Orders journey buys.',
      price: 40,
      minOrderQuantity: 1,
      availableQuantity: 100,
    },
    {
      name: `Orders Vice ${unique}`,
      desc: 'A vice the Company Orders journey buys.',
      price: 25,
      minOrderQuantity: 1,
      availableQuantity: 100,
    },
  ]);

  // --- The admin's company, and a buyer who joins it with a monthly limit of $100 ------------
  await page.setViewportSize(desktop);
  await verifiedCustomer(page, 'Ada Orders');
  await callAs(page, 'POST', apiPaths.company, {
    legalName: companyName,
    taxNumber: '',
    billingAddress: '3 Forge Lane\nSheffield S1 2AB',
  });
  const buyerContext = await browser.newContext({ viewport: desktop });
  const buyer = await buyerContext.newPage();
  waitForHydrationAfterLoads(buyer);
  const buyerEmail = await verifiedCustomer(buyer, 'Bram Orders');
  await callAs(page, 'POST', apiPaths.companyInvitations, { email: buyerEmail, role: 'buyer' });
  await buyer.goto(await invitationLinkTo(buyerEmail, companyName));
  await buyer.getByRole('button', { name: texts.companyJoin.accept }).click();
  await expect(buyer).toHaveURL(routes.dashboardCompany);
  const view = MyCompanySchema.parse(await callAs(page, 'GET', apiPaths.company));
  const buyerId = view.members.find((member) => member.email === buyerEmail)!.userId;
  await callAs(page, 'PATCH', apiPaths.companyMember(buyerId), { monthlyLimit: 100 });

  // --- The buyer's two checkouts (one within the limit, one past it), and the admin's own ----
  const withinLimit = await checkOutAs(buyer, [{ tool: vice, quantity: 2 }], {
    address: ADDRESS,
    poNumber: `PO-A-${unique}`,
  });
  const pastLimit = await checkOutAs(buyer, [{ tool: wrench, quantity: 3 }], {
    address: ADDRESS,
    poNumber: `PO-B-${unique}`,
  });
  expect(pastLimit.status).toBe('awaitingApproval');
  const adminOwn = await checkOutAs(page, [{ tool: vice, quantity: 3 }], {
    address: ADDRESS,
    poNumber: `PO-C-${unique}`,
  });

  // --- The admin sees all three, and filters those awaiting approval ---------------------------
  await page.goto(routes.dashboardCompanyOrders);
  await expect(page.getByRole('heading', { name: words.title })).toBeVisible();
  await expect(page.getByText(words.intro)).toBeVisible();
  await expect(checkoutRows(page)).toHaveCount(3);
  const past = rowOf(page, pastLimit.reference);
  await expect(past).toContainText('Bram Orders');
  await expect(past).toContainText(`PO-B-${unique}`);
  await expect(past).toContainText('$120.00');
  await expect(past).toContainText(texts.orders.awaitingApprovalBadge);
  await expect(rowOf(page, adminOwn.reference)).toContainText('Ada Orders');
  await expect(page.getByRole('table').getByRole('link')).toHaveCount(0);
  await keepAtBothWidths(page, 'company-orders', SCREENSHOTS);

  await page
    .getByRole('combobox', { name: words.statusFilter })
    .selectOption({ label: texts.orders.awaitingApprovalBadge });
  await expect(checkoutRows(page)).toHaveCount(1);
  await expect(checkoutRows(page)).toContainText(pastLimit.reference);

  // --- The buyer sees their own two only, each opening My Orders -------------------------------
  await buyer.goto(routes.dashboardCompanyOrders);
  await expect(buyer.getByText(words.introBuyer)).toBeVisible();
  await expect(checkoutRows(buyer)).toHaveCount(2);
  await expect(buyer.getByRole('table')).not.toContainText(adminOwn.reference);
  await expect(rowOf(buyer, withinLimit.reference)).toContainText(`PO-A-${unique}`);
  await buyer.getByRole('link', { name: pastLimit.reference }).click();
  await expect(buyer).toHaveURL(routes.dashboardOrders);
  await buyerContext.close();
});
