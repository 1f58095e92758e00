import { randomUUID } from 'node:crypto';
import { API_BASE, apiPaths, MyCompanySchema, routes, texts } from '@tools-factory/contract';
import type { Locator, Page } from '@playwright/test';
import { signInAsAdmin } from '../support/admin.ts';
import { invitationLinkTo, keepAtBothWidths, verifiedCustomer } from '../support/company.ts';
import { expect, test, waitForHydrationAfterLoads } from '../support/fixtures.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expectNoSidewaysScroll, rowOf } from '../support/screen.ts';
import { addOwnToolsAside, bearerOf, callAs, checkOutAs } from '../support/shop-api.ts';
import { expectToast } from '../support/toast.ts';
import { desktop, phone } from '../support/viewports.ts';

const words = texts.manageCompanies;
const successor = texts.admin.successor;
const termsWords = texts.companyTerms;
/** The screens of issue 44 kept for people to look at, beside the Company page's. */
const SCREENSHOTS = 'docs/screenshots/issue-44';
/** Issue 45's: a company's terms with the shop. */
const TERMS_SCREENSHOTS = 'docs/screenshots/issue-45';

/** What this page's account asks the API, with its token (the steps the journey is not about). */

/** A member's account id, as their company's GET /company lists them to its admin. */
async function userIdOf(admin: Page, email: string): Promise<string> {
  const response = await admin.request.get(`${API_BASE}${apiPaths.company}`, {
    headers: await bearerOf(admin),
  });
  const { members } = MyCompanySchema.parse(await response.json());
  const member = members.find((one) => one.email === email);
  expect(member, `${email} a member`).toBeTruthy();
  return member!.userId;
}

/**
 * keepAtBothWidths for a page with a dialog open: daisyUI's open modal runs an animation on the
 * page that never ends (its scroll-driven `set-page-has-scroll`), so this waits for the CSS
 * transitions alone (the box sliding in) before each screenshot.
 */
async function keepDialogAtBothWidths(page: Page, name: string): Promise<void> {
  for (const viewport of [desktop, phone]) {
    await page.setViewportSize(viewport);
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            document.getAnimations().filter((animation) => animation instanceof CSSTransition)
              .length,
        ),
      )
      .toBe(0);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${viewport.width}.png` });
    await expectNoSeriousA11yViolations(page, `${name} at ${viewport.width} px`);
  }
  await page.setViewportSize(desktop);
}

/** ALL USERS searched for `text`; the table's row (at 1280 px) of the account with this e-mail. */
async function userRow(page: Page, email: string): Promise<Locator> {
  await page.goto(routes.dashboardUsers);
  await page.getByRole('searchbox', { name: texts.admin.searchUsers }).fill(email);
  await page.getByRole('button', { name: texts.admin.searchUsers, exact: true }).click();
  await expect(page.getByText(texts.admin.usersFound(1))).toBeVisible();
  return page.getByRole('row').filter({ hasText: email });
}

test('the shop admin sees a company in ALL USERS and on its page, and removes its only admin, who hands it to its buyer', async ({
  page,
  browser,
}) => {
  const unique = randomUUID().slice(0, 6);
  const companyName = `Quayside Fixings ${unique} Ltd`;
  const [clamp] = await addOwnToolsAside(browser, desktop, [
    {
      name: `Bar Clamp ${unique}`,
      desc: 'A clamp the shop admins’ company journey buys.',
      price: 30,
      minOrderQuantity: 1,
      availableQuantity: 50,
    },
  ]);

  // --- A company: Cora its only admin, Bram its buyer, who checks out once -------------------
  // (The Company page's own journey creates and joins through the pages: company.spec.ts.)
  const coraContext = await browser.newContext({ viewport: desktop });
  const cora = await coraContext.newPage();
  waitForHydrationAfterLoads(cora);
  const coraEmail = await verifiedCustomer(cora, 'Cora Quayside');
  await callAs(cora, 'POST', apiPaths.company, {
    legalName: companyName,
    taxNumber: `GB-${unique}`,
    billingAddress: '4 Quay Street\nBristol BS1 4DJ',
  });
  const bramContext = await browser.newContext({ viewport: desktop });
  const bram = await bramContext.newPage();
  waitForHydrationAfterLoads(bram);
  const bramEmail = await verifiedCustomer(bram, 'Bram Quayside');
  await callAs(cora, 'POST', apiPaths.companyInvitations, { email: bramEmail, role: 'buyer' });
  const link = await invitationLinkTo(bramEmail, companyName);
  await callAs(bram, 'POST', apiPaths.companyInvitationAccept, { token: link.split('#')[1] });
  await callAs(cora, 'POST', apiPaths.companyAddresses, {
    label: 'Quay yard',
    name: 'Quayside Fixings goods in',
    address: '6 Quay Street\nBristol BS1 4DJ',
    phone: '+44 117 496 0000',
  });
  // Bram's limit is $100: his first checkout ($60) is his to pay, the second waits for Cora.
  const bramId = await userIdOf(cora, bramEmail);
  await callAs(cora, 'PATCH', apiPaths.companyMember(bramId), { monthlyLimit: 100 });
  const checkout = await checkOutAs(bram, [{ tool: clamp, quantity: 2 }], {
    address: '4 Quay Street, Bristol',
    poNumber: `PO-${unique}`,
  });
  const waiting = await checkOutAs(bram, [{ tool: clamp, quantity: 2 }], {
    address: '4 Quay Street, Bristol',
    poNumber: `PO-${unique}-2`,
  });
  expect(waiting.status).toBe('awaitingApproval');
  await coraContext.close();
  await bramContext.close();

  // --- ALL USERS: each account's company, and its role in it --------------------------------
  waitForHydrationAfterLoads(page);
  await signInAsAdmin(page, desktop);
  const coraRow = await userRow(page, coraEmail);
  await expect(coraRow.getByRole('link', { name: companyName })).toBeVisible();
  await expect(coraRow).toContainText(texts.company.roles.admin!);
  await keepAtBothWidths(page, 'all-users-company', SCREENSHOTS);

  // --- Companies: found by its name, with its people and checkouts counted ------------------
  await page
    .getByRole('navigation', { name: texts.dashboard.title })
    .getByRole('link', { name: texts.dashboard.companies, exact: true })
    .click();
  await expect(page).toHaveURL(routes.dashboardCompanies);
  await expect(page.getByRole('heading', { level: 2, name: words.title })).toBeVisible();
  await page.getByRole('searchbox', { name: words.search }).fill(unique);
  await page.getByRole('button', { name: words.search, exact: true }).click();
  await expect(page.getByText(words.found(1))).toBeVisible();
  const companyRow = rowOf(page, companyName);
  await expect(companyRow).toContainText(`GB-${unique}`);
  await expect(companyRow).toContainText('Cora Quayside');
  await keepAtBothWidths(page, 'manage-companies', SCREENSHOTS);

  // --- Its page: members, and its checkout leading to the order's admin page ----------------
  await companyRow.getByRole('link', { name: companyName }).click();
  await expect(page.getByRole('heading', { level: 2, name: companyName })).toBeVisible();
  const members = page.getByRole('region', { name: texts.company.members });
  await expect(members.getByRole('row').filter({ hasText: bramEmail })).toContainText(
    texts.company.roles.buyer!,
  );
  await expect(members.getByRole('row').filter({ hasText: coraEmail })).toContainText(
    texts.company.roles.admin!,
  );
  const approvals = page.getByRole('region', { name: texts.company.approvals });
  await expect(approvals).toContainText(waiting.reference);
  await expect(page.getByText('Quay yard')).toBeVisible();
  const checkouts = page.getByRole('region', { name: words.checkouts });
  await expect(checkouts).toContainText(checkout.reference);
  await expect(checkouts).toContainText(waiting.reference);
  await expect(checkouts).toContainText(clamp.name);
  await keepAtBothWidths(page, 'managed-company', SCREENSHOTS);
  const order = checkouts.getByRole('link', { name: /^Open order / }).first();
  const orderPath = await order.getAttribute('href');
  await order.click();
  await expect(page).toHaveURL(orderPath!);
  await expect(page).toHaveURL(/\/dashborad\/allorders\/[\w-]+$/);

  // --- Remove User of its only admin: who takes over, then gone ------------------------------
  const removeRow = await userRow(page, coraEmail);
  await removeRow.getByRole('button', { name: texts.admin.removeUser }).click();
  const dialog = page.getByRole('dialog', { name: texts.admin.confirmRemoveUserTitle });
  await expect(dialog.getByText(successor.onlyAdmin(companyName))).toBeVisible();
  const choice = dialog.getByRole('combobox', { name: successor.label });
  await dialog.getByRole('button', { name: texts.admin.removeUserConfirm, exact: true }).click();
  await expect(dialog.getByText(successor.required)).toBeVisible();
  await choice.selectOption({ label: successor.option('Bram Quayside', bramEmail) });
  await keepDialogAtBothWidths(page, 'remove-user-successor');
  await dialog.getByRole('button', { name: texts.admin.removeUserConfirm, exact: true }).click();
  await expectToast(page, texts.admin.removeUserSuccess);
  await expect(page.getByText(texts.admin.noUserMatches)).toBeVisible();

  // --- Bram is the company's admin now, and its only member ---------------------------------
  const bramRow = await userRow(page, bramEmail);
  await expect(bramRow).toContainText(texts.company.roles.admin!);
  await bramRow.getByRole('link', { name: companyName }).click();
  await expect(page.getByRole('heading', { level: 2, name: companyName })).toBeVisible();
  await expect(members.getByRole('row').filter({ hasText: bramEmail })).toContainText(
    texts.company.roles.admin!,
  );
  await expect(members.getByRole('row').filter({ hasText: coraEmail })).toHaveCount(0);
});

test('the shop admin sets a company’s terms on its page, and its admin reads them on the Company page', async ({
  page,
  browser,
}) => {
  const unique = randomUUID().slice(0, 6);
  const companyName = `Tidewater Tools ${unique} Ltd`;

  // --- A company: Cora its admin (the Company page's own journey creates it through the page) -
  const coraContext = await browser.newContext({ viewport: desktop });
  const cora = await coraContext.newPage();
  waitForHydrationAfterLoads(cora);
  await verifiedCustomer(cora, 'Cora Tidewater');
  const { company } = MyCompanySchema.parse(
    await callAs(cora, 'POST', apiPaths.company, {
      legalName: companyName,
      taxNumber: `GB-${unique}`,
      billingAddress: '9 Tide Lane\nPlymouth PL1 2AB',
    }),
  );
  expect(company, 'the company created').toBeTruthy();

  // --- Its page: Net 30 days, a $5,000 credit limit, a PO number on every checkout -----------
  waitForHydrationAfterLoads(page);
  await signInAsAdmin(page, desktop);
  await page.goto(routes.dashboardManagedCompany(company!._id));
  await expect(page.getByRole('heading', { level: 2, name: companyName })).toBeVisible();
  const terms = page.getByRole('region', { name: termsWords.title });
  const paymentTerms = terms.getByRole('combobox', { name: termsWords.terms });
  const creditLimit = terms.getByRole('textbox', { name: termsWords.creditLimit });
  const poRequired = terms.getByRole('checkbox', { name: termsWords.poNumberRequired });
  const taxExempt = terms.getByRole('checkbox', { name: termsWords.taxExempt });
  await expect(paymentTerms.locator('option:checked')).toHaveText(termsWords.paymentTerms(null));
  await paymentTerms.selectOption({ label: termsWords.paymentTerms(30) });
  await creditLimit.fill('5000');
  await poRequired.check();
  await terms.getByRole('button', { name: termsWords.save }).click();
  await expect(terms.getByRole('status')).toHaveText(termsWords.saved);
  await keepAtBothWidths(page, 'company-terms', TERMS_SCREENSHOTS, terms);

  // --- Kept: the page reloaded shows them ----------------------------------------------------
  await page.reload();
  await expect(paymentTerms.locator('option:checked')).toHaveText(termsWords.paymentTerms(30));
  await expect(creditLimit).toHaveValue('5000');
  await expect(poRequired).toBeChecked();
  await expect(taxExempt).not.toBeChecked();

  // --- Cora's Company page says them --------------------------------------------------------
  await cora.goto(routes.dashboardCompany);
  const shown = cora.getByRole('region', { name: termsWords.withShop });
  await expect(shown).toContainText(termsWords.paymentTerms(30));
  await expect(shown).toContainText('$5,000.00');
  await expect(shown).toContainText(termsWords.poNumberRequired);
  await expect(shown).not.toContainText(termsWords.taxExempt);
  await keepAtBothWidths(cora, 'company-terms-member');
  await coraContext.close();
});
