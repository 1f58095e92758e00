import { routes, serverTexts } from '@tools-factory/contract';
import { expect, type Locator, type Page } from '@playwright/test';
import { uniqueEmail } from './accounts.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { signUpAsCustomer } from './customer.ts';
import { artifactPath } from './fixtures.ts';
import { latestLinkTo, latestMailTo } from './outbox.ts';
import { expectNoSidewaysScroll } from './screen.ts';
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
