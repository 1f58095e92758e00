import { randomUUID } from 'node:crypto';
import { routes, texts } from '@tools-factory/contract';
import { E2E_PASSWORD, uniqueEmail } from '../support/accounts.ts';
import { invitationLinkTo, keepAtBothWidths, verifiedCustomer } from '../support/company.ts';
import { field } from '../support/customer.ts';
import { expect, test, waitForHydrationAfterLoads } from '../support/fixtures.ts';
import { rowOf } from '../support/screen.ts';
import { desktop } from '../support/viewports.ts';

const words = texts.company;

test('a company admin invites a buyer, who signs in from the e-mailed link and joins', async ({
  page,
  browser,
}) => {
  const companyName = `Harbour Fittings ${randomUUID().slice(0, 6)} Ltd`;

  // --- The admin: a verified customer creates the company on the Company page ---------------
  await page.setViewportSize(desktop);
  await verifiedCustomer(page, 'Cora Company');
  await page.goto(routes.dashboard);
  await page
    .getByRole('navigation', { name: texts.dashboard.title })
    .getByRole('link', { name: words.title, exact: true })
    .click();
  await expect(page).toHaveURL(routes.dashboardCompany);
  await expect(
    page.getByRole('heading', { level: 2, name: words.title, exact: true }),
  ).toBeVisible();
  await expect(page.getByText(words.none)).toBeVisible();
  const createForm = page.getByRole('form', { name: words.create });
  await field(createForm, words.legalName).fill(companyName);
  await field(createForm, words.taxNumber).fill('BD-4100-77');
  await field(createForm, words.billingAddress).fill('12 Harbour Road\nChattogram 4100');
  await createForm.getByRole('button', { name: words.create }).click();
  await expect(page.getByRole('status').filter({ hasText: words.created })).toBeVisible();
  await expect(page.getByText(words.yourRole('admin'))).toBeVisible();

  // --- The invitee has an account of their own, verified, and is signed out ------------------
  const invitee = await browser.newContext({ viewport: desktop });
  const buyer = await invitee.newPage();
  waitForHydrationAfterLoads(buyer);
  const buyerName = 'Bea Buyer';
  const buyerEmail = await verifiedCustomer(buyer, buyerName);
  await invitee.clearCookies();
  await buyer.evaluate(() => localStorage.clear());

  // --- The admin invites them as a buyer, and someone else who has not answered yet ----------
  const invite = page.getByRole('region', { name: words.invite });
  const waitingEmail = uniqueEmail('walter');
  for (const email of [buyerEmail, waitingEmail]) {
    await field(invite, words.inviteEmail).fill(email);
    await invite.getByRole('button', { name: words.send }).click();
    await expect(invite.getByRole('status')).toHaveText(words.invited(email));
  }
  const invitations = page.getByRole('region', { name: words.invitations });
  await expect(rowOf(page, waitingEmail)).toContainText(words.roles.buyer!);
  await expect(invitations.getByRole('row').filter({ hasText: buyerEmail })).toBeVisible();

  // --- The invitee opens the e-mailed link signed out: signs in, and comes back to it --------
  await buyer.goto(await invitationLinkTo(buyerEmail, companyName));
  await expect(
    buyer.getByRole('heading', { level: 1, name: texts.companyJoin.title }),
  ).toBeVisible();
  await expect(buyer.getByText(texts.companyJoin.signInFirst)).toBeVisible();
  await keepAtBothWidths(buyer, 'company-join-signed-out');
  await buyer.getByRole('link', { name: texts.companyJoin.signIn }).click();
  await field(buyer, texts.login.email).fill(buyerEmail);
  await field(buyer, texts.login.password).fill(E2E_PASSWORD);
  await buyer.getByRole('button', { name: texts.login.submit, exact: true }).click();
  await expect(buyer).toHaveURL(/\/dashborad\/company\/join#[\w-]+$/);
  await expect(
    buyer.getByText(texts.companyJoin.invitedAs(companyName, 'buyer'), { exact: true }),
  ).toBeVisible();
  await expect(buyer.getByText(texts.companyJoin.invitedBy('Cora Company'))).toBeVisible();
  await keepAtBothWidths(buyer, 'company-join');

  await buyer.getByRole('button', { name: texts.companyJoin.accept }).click();
  await expect(buyer).toHaveURL(routes.dashboardCompany);
  await expect(
    buyer.getByRole('status').filter({ hasText: texts.companyJoin.joined(companyName) }),
  ).toBeVisible();
  await expect(buyer.getByText(words.yourRole('buyer'))).toBeVisible();
  await expect(rowOf(buyer, buyerName)).toContainText(words.you);
  await expect(rowOf(buyer, buyerName).getByRole('button', { name: words.leave })).toBeVisible();
  await expect(buyer.getByRole('region', { name: words.invitations })).toHaveCount(0);
  await keepAtBothWidths(buyer, 'company-buyer');
  await invitee.close();

  // --- The admin reloads: the buyer is a member, one invitation still waits ------------------
  await page.reload();
  const buyerRow = rowOf(page, buyerName);
  await expect(buyerRow).toContainText(buyerEmail);
  await expect(buyerRow).toContainText(words.roles.buyer!);
  await expect(buyerRow.getByRole('button', { name: words.makeAdmin })).toBeVisible();
  await expect(buyerRow.getByRole('button', { name: words.remove })).toBeVisible();
  await expect(invitations.getByRole('row').filter({ hasText: buyerEmail })).toHaveCount(0);
  await expect(rowOf(page, waitingEmail)).toBeVisible();
  await keepAtBothWidths(page, 'company-admin');
});
