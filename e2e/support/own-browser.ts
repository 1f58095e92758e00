import type { Browser, BrowserContext, Page } from '@playwright/test';
import { uniqueEmail } from './accounts.ts';
import { signUpAsCustomer } from './customer.ts';
import { waitForHydrationAfterLoads } from './fixtures.ts';

/** A customer of a journey with a browser of their own: its context, its page, its e-mail. */
export type OwnBrowserCustomer = { context: BrowserContext; page: Page; email: string };

/**
 * A customer signed up in a browser of their own (a second person in a journey). Its page waits
 * after each load for the app to take the page over, as the fixture's page does.
 */
export async function customerInOwnBrowser(
  browser: Browser,
  viewport: { width: number; height: number },
  name: string,
): Promise<OwnBrowserCustomer> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  waitForHydrationAfterLoads(page);
  const email = uniqueEmail(name.toLowerCase().split(' ')[0]);
  await signUpAsCustomer(page, email, name);
  return { context, page, email };
}
