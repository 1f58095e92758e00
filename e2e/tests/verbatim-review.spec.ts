import { MAX_STARS, routes, texts } from '@tools-factory/contract';
import { uniqueEmail } from '../support/accounts.ts';
import { field, signUpAsCustomer } from '../support/customer.ts';
import { latestLinkTo } from '../support/outbox.ts';
import { artifactPath, expect, test } from '../support/fixtures.ts';

/*
 * Issue 15, part 2: a review is the one text a customer writes that every visitor sees, on the
 * home page the server renders. HTML, SQL and template syntax in it are shown as typed, as text,
 * both in the HTML the server sends (escaped, and unable to close the page data's script element)
 * and in the page once hydrated. In the catalog-changes project: it adds a review to the home page.
 */

const REVIEW =
  '</script><script>window.__pwned=1</script><img src=x onerror="window.__pwned=2"> ' +
  "'); DROP TABLE reviews; -- {{7*7}} ${7*7}";

test('a review holding HTML, SQL and template text shows verbatim on the home page, harmless', async ({
  page,
}) => {
  const name = `<b>Bold</b> Reviewer ${Date.now()}`;
  const email = uniqueEmail('verbatim-review');
  await signUpAsCustomer(page, email, name);
  // A review needs a verified e-mail (issue 22 item 10): the link from the outbox.
  await page.goto(await latestLinkTo(email, /verify/i));

  await page.goto(routes.dashboardAddReview);
  await expect(field(page, texts.reviews.name)).toHaveValue(name);
  await field(page, texts.reviews.review).fill(REVIEW);
  await page.getByRole('radio', { name: texts.reviews.ratingLabel(MAX_STARS, MAX_STARS) }).check();
  await page.getByRole('button', { name: texts.reviews.submit }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: texts.reviews.postSuccess }),
  ).toBeVisible();

  // The HTML the server sends: the text escaped wherever it is, no element made of it.
  const html = await (await page.request.get(routes.home)).text();
  expect(html).not.toContain('<script>window.__pwned');
  expect(html).not.toContain('<img src=x');
  expect(html).not.toContain('<b>Bold</b>');
  // One closing tag per script element: the page data's JSON cannot end its element early.
  const opened = html.match(/<script\b/gi)?.length ?? 0;
  const closed = html.match(/<\/script>/gi)?.length ?? 0;
  expect(closed).toBe(opened);

  await page.goto(routes.home);
  const reviews = page.getByRole('region', { name: texts.home.reviewsTitle, exact: true });
  const card = reviews.getByRole('listitem').filter({ hasText: REVIEW });
  await expect(card).toBeVisible();
  await expect(card).toContainText(name);
  await expect(card.locator('script, img[src="x"], b, iframe')).toHaveCount(0);
  const injected = await page.evaluate(() => ({
    pwned: (window as Window & { __pwned?: unknown }).__pwned,
    handlers: document.querySelectorAll('[onerror], [onclick], [onload]').length,
  }));
  expect(injected).toEqual({ pwned: undefined, handlers: 0 });
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: artifactPath('verbatim-review-home.png') });
});
