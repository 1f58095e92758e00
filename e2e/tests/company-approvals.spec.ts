import { randomUUID } from 'node:crypto';
import { apiPaths, formatMoney, routes, serverTexts, texts } from '@tools-factory/contract';
import {
  buyerJoining,
  keepAtBothWidths,
  newestCheckoutOf,
  verifiedCustomer,
} from '../support/company.ts';
import { field } from '../support/customer.ts';
import { expect, test, waitForHydration } from '../support/fixtures.ts';
import { latestMailTo } from '../support/outbox.ts';
import { rowOf } from '../support/screen.ts';
import { addOwnToolsAside, callAs, checkOutAs } from '../support/shop-api.ts';
import { expectToast } from '../support/toast.ts';
import { desktop, phone } from '../support/viewports.ts';

const words = texts.company;
const mail = serverTexts.mail;
/** The screens of issue 44 kept for people to look at, beside the Company page's first ones. */
const SCREENSHOTS = 'docs/screenshots/issue-44';

/** A subject matched whole, as written (a reference, a price: no pattern in it). */
const exactly = (subject: string) =>
  new RegExp(`^${subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** What this page's account asks the API, with its token (the steps the journey is not about). */

test('a buyer over their monthly limit waits for the company admin, who rejects one checkout and approves another', async ({
  page,
  browser,
}) => {
  const unique = randomUUID().slice(0, 6);
  const companyName = `Anvil Supplies ${unique} Ltd`;
  const [wrench, vice] = await addOwnToolsAside(browser, desktop, [
    {
      name: `Torque Wrench ${unique}`,
      desc: 'A wrench the approvals journey buys past a monthly limit.',
      price: 40,
      minOrderQuantity: 1,
      availableQuantity: 100,
    },
    {
      name: `Bench Vice ${unique}`,
      desc: 'A vice the approvals journey buys past a monthly limit.',
      price: 25,
      minOrderQuantity: 1,
      availableQuantity: 100,
    },
  ]);

  // --- The admin's company, and a buyer who joins it from the e-mailed invitation ------------
  // (The Company page's own journey creates and joins through the pages: company.spec.ts.)
  await page.setViewportSize(desktop);
  const adminName = 'Ada Approver';
  const adminEmail = await verifiedCustomer(page, adminName);
  await callAs(page, 'POST', apiPaths.company, {
    legalName: companyName,
    taxNumber: '',
    billingAddress: '3 Forge Lane\nSheffield S1 2AB',
  });

  const buyerName = 'Bram Buyer';
  const {
    page: buyer,
    context: buyerContext,
    email: buyerEmail,
  } = await buyerJoining(browser, page, companyName, buyerName);

  // --- The admin sets the buyer's monthly limit in their row of Members ----------------------
  await page.goto(routes.dashboardCompany);
  const buyerRow = rowOf(page, buyerEmail);
  await expect(buyerRow).toContainText(words.noLimit);
  await expect(rowOf(page, adminEmail)).toContainText(words.adminNoLimit);
  await field(buyerRow, words.limitLabel(buyerName)).fill('100');
  await buyerRow.getByRole('button', { name: words.setLimit }).click();
  await expect(
    page.getByRole('status').filter({ hasText: words.limitSaved(buyerName, '$100.00') }),
  ).toBeVisible();
  await expect(buyerRow).toContainText(formatMoney(100));

  // --- The buyer's cart: what is left of the limit, and the warning before checking out ------
  await callAs(buyer, 'POST', apiPaths.cartLines, {
    lines: [{ toolId: wrench._id, quantity: 3 }],
  });
  await buyer.goto(routes.cart);
  await expect(buyer.getByText(texts.spending.left('$100.00', '$100.00'))).toBeVisible();
  const warning = buyer.getByText(texts.spending.overLimit('$100.00'));
  await expect(warning).toBeVisible();
  await keepAtBothWidths(buyer, 'cart-limit', SCREENSHOTS);
  await field(buyer, texts.purchase.address).fill('3 Forge Lane, Sheffield');
  await buyer.getByRole('button', { name: /^Check out/ }).click();

  // --- Placed, awaiting approval: My Orders says why, and offers no payment -------------------
  await expect(buyer).toHaveURL(routes.dashboardOrders);
  const rejectedLater = await newestCheckoutOf(buyer);
  expect(rejectedLater.status).toBe('awaitingApproval');
  await expectToast(buyer, texts.checkout.placedAwaitingApproval(rejectedLater.reference));
  const waiting = rowOf(buyer, rejectedLater.reference);
  await expect(waiting).toContainText(texts.checkout.group.status.awaitingApproval);
  await expect(waiting).toContainText(texts.checkout.group.awaitingApprovalNote);
  await expect(rowOf(buyer, wrench.name)).toContainText(texts.orders.awaitingApprovalBadge);
  await expect(buyer.getByRole('link', { name: texts.orders.pay, exact: true })).toHaveCount(0);
  await expect(buyer.getByRole('link', { name: texts.checkout.group.payAll })).toHaveCount(0);
  await keepAtBothWidths(buyer, 'my-orders-awaiting', SCREENSHOTS);
  const told = await latestMailTo(
    buyerEmail,
    exactly(mail.awaitingApproval.subject(rejectedLater.reference)),
  );
  expect(told.text).toContain(rejectedLater.reference);

  // A second checkout past the limit (the first counts nothing while it waits), by the API.
  const approvedLater = await checkOutAs(buyer, [{ tool: vice, quantity: 5 }], {
    address: '3 Forge Lane, Sheffield',
    poNumber: `PO-${unique}`,
  });
  expect(approvedLater.status).toBe('awaitingApproval');

  // --- The admin's e-mail, and its link to the Company page's approvals ----------------------
  const needed = await latestMailTo(
    adminEmail,
    exactly(mail.approvalNeeded.subject(buyerName, rejectedLater.reference, '$120.00')),
  );
  for (const part of [needed.text, needed.html]) {
    expect(part).toContain(rejectedLater.reference);
    expect(part).toContain(`${routes.dashboardCompany}#approvals`);
  }
  // The admin reads it (as a mail program shows it, at both widths) and follows its link: from
  // a page of its own, as a mail program opens it (the app's own address would only change its
  // #hash).
  await page.goto('about:blank');
  for (const viewport of [desktop, phone]) {
    await page.setViewportSize(viewport);
    await page.setContent(needed.html);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await page.screenshot({
      path: `${SCREENSHOTS}/approval-email-${viewport.width}.png`,
      fullPage: true,
    });
  }
  await page.setViewportSize(desktop);
  const decide = page.getByRole('link', { name: mail.approvalNeeded.action });
  await expect(decide).toHaveAttribute('href', /\/dashborad\/company#approvals$/);
  await decide.click();
  await waitForHydration(page);
  await expect(page).toHaveURL(/\/dashborad\/company#approvals$/);
  const approvals = page.getByRole('region', { name: words.approvals });
  await expect(approvals).toBeInViewport();
  const first = approvals.getByRole('listitem', { name: rejectedLater.reference });
  const second = approvals.getByRole('listitem', { name: approvedLater.reference });
  await expect(first).toContainText(buyerName);
  await expect(first).toContainText(words.overLimit('$0.00', '$100.00'));
  await expect(first).toContainText('$120.00');
  await expect(second).toContainText(`PO-${unique}`);
  await expect(second).toContainText('$125.00');
  await expect(rowOf(page, buyerEmail)).toContainText('$100.00');
  // Six columns and a limit's field beside the dashboard's menu: the table fits its card.
  const membersTable = page.getByRole('region', { name: words.members }).locator('table');
  expect(
    await membersTable.evaluate((table) => table.scrollWidth <= table.parentElement!.clientWidth),
    'the members table scrolls sideways in its card',
  ).toBe(true);
  await keepAtBothWidths(page, 'company-approvals', SCREENSHOTS);

  // --- The admin rejects the first, with a reason, and approves the second -------------------
  const reason = 'Over this month’s budget: order it next month.';
  await first.getByRole('button', { name: words.reject }).click();
  const dialog = page.getByRole('dialog', { name: words.rejectTitle });
  await field(dialog, words.rejectReason).fill(reason);
  await dialog.getByRole('button', { name: words.reject }).click();
  await expect(
    approvals.getByRole('status').filter({ hasText: words.rejected(rejectedLater.reference) }),
  ).toBeVisible();
  await expect(first).toHaveCount(0);
  await second.getByRole('button', { name: words.approve }).click();
  await expect(
    approvals.getByRole('status').filter({ hasText: words.approved(approvedLater.reference) }),
  ).toBeVisible();
  await expect(approvals.getByText(words.noApprovals)).toBeVisible();

  // --- The buyer is told both ways, and can pay the approved one ------------------------------
  const rejected = await latestMailTo(
    buyerEmail,
    exactly(mail.checkoutRejected.subject(rejectedLater.reference)),
  );
  expect(rejected.text).toContain(reason);
  const approved = await latestMailTo(
    buyerEmail,
    exactly(mail.checkoutApproved.subject(approvedLater.reference)),
  );
  expect(approved.text).toContain(routes.dashboardCheckoutPayment(approvedLater._id));

  await buyer.goto(routes.dashboardOrders);
  await expect(rowOf(buyer, approvedLater.reference)).toBeVisible();
  // Rejected: an ended checkout, gone from My Orders as a removed one is.
  await expect(rowOf(buyer, rejectedLater.reference)).toHaveCount(0);
  await expect(
    rowOf(buyer, approvedLater.reference).getByRole('link', {
      name: texts.checkout.group.payAll,
    }),
  ).toHaveAttribute('href', routes.dashboardCheckoutPayment(approvedLater._id));
  await buyerContext.close();
});
