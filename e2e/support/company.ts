import {
  apiPaths,
  MyCheckoutsPageSchema,
  routes,
  serverTexts,
  texts,
  type Checkout,
} from '@tools-factory/contract';
import {
  expect,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { uniqueEmail } from './accounts.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { signUpAsCustomer } from './customer.ts';
import { artifactPath, waitForHydrationAfterLoads } from './fixtures.ts';
import { latestLinkTo, latestMailTo } from './outbox.ts';
import { expectNoSidewaysScroll } from './screen.ts';
import { callAs } from './shop-api.ts';
import { desktop, phone } from './viewports.ts';

/** A new customer signed up through the form, their e-mail verified by the link it sent. */
export async function verifiedCustomer(page: Page, name: string): Promise<string> {
  const email = uniqueEmail(name.toLowerCase().split(' ')[0]);
  await signUpAsCustomer(page, email, name);
  await page.goto(await latestLinkTo(email, /verify/i));
  return email;
}

/**
 * The invitation's link as e-mailed to `email`, as a path of the server under test: its secret
 * follows `#`.
 */
export async function invitationLinkTo(email: string, companyName: string): Promise<string> {
  const subject = serverTexts.mail.companyInvitation.subject(companyName);
  const mail = await latestMailTo(email, new RegExp(`^${subject}$`));
  const link = /https?:\/\/\S+?\/dashborad\/company\/join#[\w-]+/.exec(mail.text)?.[0];
  expect(link, 'the join link in the invitation').toBeTruthy();
  const { pathname, hash } = new URL(link!);
  expect(pathname).toBe(routes.dashboardCompanyJoin);
  return `${pathname}${hash}`;
}

/**
 * A new verified customer, in a browser context of their own (`viewport`), invited as a buyer by
 * `admin` (a page of the company's admin) and joining `companyName` through the invitation page.
 * The caller closes `context`.
 */
export async function buyerJoining(
  browser: Browser,
  admin: Page,
  companyName: string,
  name: string,
  viewport: { width: number; height: number } = desktop,
): Promise<{ page: Page; context: BrowserContext; email: string }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  waitForHydrationAfterLoads(page);
  const email = await verifiedCustomer(page, name);
  await callAs(admin, 'POST', apiPaths.companyInvitations, { email, role: 'buyer' });
  await page.goto(await invitationLinkTo(email, companyName));
  await page.getByRole('button', { name: texts.companyJoin.accept }).click();
  await expect(page).toHaveURL(routes.dashboardCompany);
  return { page, context, email };
}

/** The account's newest checkout, as My Orders reads it. */
export async function newestCheckoutOf(page: Page): Promise<Checkout> {
  const { checkouts } = MyCheckoutsPageSchema.parse(
    await callAs(page, 'GET', apiPaths.checkoutsPage),
  );
  expect(checkouts[0], 'the checkout just placed').toBeTruthy();
  return checkouts[0]!;
}

/**
 * The page at both widths, checked by axe and for sideways scroll, and kept for people to look
 * at: in e2e/artifacts (gitignored), or in `folder` (docs/screenshots/issue-44) when given; the
 * whole page, or only `part` of it (a card) when given.
 */
export async function keepAtBothWidths(
  page: Page,
  name: string,
  folder?: string,
  part?: Locator,
): Promise<void> {
  for (const viewport of [desktop, phone]) {
    await page.setViewportSize(viewport);
    // The dashboard's menu slides away below md: the screen as it comes to rest.
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
    await expectNoSidewaysScroll(page);
    const file = `${name}-${viewport.width}.png`;
    const path = folder ? `${folder}/${file}` : artifactPath(file);
    await (part ? part.screenshot({ path }) : page.screenshot({ path, fullPage: true }));
    await expectNoSeriousA11yViolations(page, `${name} at ${viewport.width} px`);
  }
  await page.setViewportSize(desktop);
}
