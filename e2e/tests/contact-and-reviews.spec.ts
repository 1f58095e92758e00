import { randomUUID } from 'node:crypto';
import { routes, texts } from '@tools-factory/contract';
import type { Page } from '@playwright/test';
import { E2E_ADMIN_EMAIL, uniqueEmail } from '../support/accounts.ts';
import { signInAsAdmin } from '../support/admin.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { textContrast } from '../support/contrast.ts';
import { field } from '../support/customer.ts';
import { customerInOwnBrowser } from '../support/own-browser.ts';
import { addOwnToolsAside, payOrderByCard, placeOrderAs } from '../support/shop-api.ts';
import { latestLinkTo, mailsTo } from '../support/outbox.ts';
import { artifactPath, expect, test } from '../support/fixtures.ts';
import { expectToast } from '../support/toast.ts';

const desktop = { width: 1280, height: 900 };
const phone = { width: 360, height: 780 };

const contactForm = (page: Page) => page.locator('#contact form');

for (const viewport of [desktop, phone]) {
  test(`a visitor's message reaches the admins only, and an admin reads it in Messages (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto(routes.home);
    const form = contactForm(page);
    await form.scrollIntoViewIfNeeded();

    // Nothing typed: each field says so in red, and no thanks.
    await form.getByRole('button', { name: texts.home.contactSend }).click();
    await expect(form.getByText(texts.fieldErrors.required('name'))).toBeVisible();
    await expect(form.getByText(texts.fieldErrors.required('email'))).toBeVisible();
    await expect(form.getByText(texts.fieldErrors.required('message'))).toBeVisible();
    await expect(page.getByText(texts.home.contactThanks)).toHaveCount(0);
    // Readable on the form's dark ground: WCAG AA's 4.5:1 (the theme's red was 3.06:1).
    expect(
      await textContrast(form.getByText(texts.fieldErrors.required('name'))),
    ).toBeGreaterThanOrEqual(4.5);
    await page.screenshot({ path: artifactPath(`contact-errors-${viewport.width}.png`) });

    const typed = uniqueEmail('visitor');
    const message = `Do you make sledgehammers for quarries? ${randomUUID().slice(0, 8)}`;
    await form.getByLabel(texts.home.contactName, { exact: true }).fill('Vera Visitor');
    await form.getByLabel(texts.home.contactEmail, { exact: true }).fill(typed);
    await form.getByLabel(texts.home.contactMessage, { exact: true }).fill(message);
    await form.getByRole('button', { name: texts.home.contactSend }).click();
    await expectToast(page, texts.home.contactThanks);
    await expect(form.getByLabel(texts.home.contactMessage, { exact: true })).toHaveValue('');

    // The admin's e-mail carries it; nothing went to the address typed.
    // Other journeys send messages too: the admins' e-mail that carries this one.
    await expect
      .poll(async () =>
        (await mailsTo(E2E_ADMIN_EMAIL, /Contact form/)).some((mail) =>
          mail.text.includes(message),
        ),
      )
      .toBe(true);
    expect(await mailsTo(typed, /.*/)).toEqual([]);

    await signInAsAdmin(page);
    await page.goto(routes.dashboard);
    // The dashboard menu leads there (below md it is a drawer, opened first).
    if (viewport.width < 768) {
      await page.getByRole('button', { name: texts.dashboard.openMenu }).click();
    }
    await page.getByRole('link', { name: texts.dashboard.messages }).last().click();
    await expect(page).toHaveURL(routes.dashboardMessages);
    await expect(page.getByRole('heading', { name: texts.messagesAdmin.title })).toBeVisible();
    // Other journeys' messages may be newer: this one's item, by its own text.
    const item = page.getByRole('listitem').filter({ hasText: message });
    await expect(item).toContainText(typed);
    await page.screenshot({ path: artifactPath(`messages-${viewport.width}.png`), fullPage: true });

    // A reply: e-mailed to the address typed (the only e-mail ever sent there), kept under it.
    const words = texts.messagesAdmin;
    await item.getByRole('button', { name: words.reply }).click();
    const replyDialog = page.getByRole('dialog', { name: words.replyTitle('Vera Visitor') });
    await replyDialog.getByLabel(words.replyLabel).fill('We do: 2 kg and 3 kg, from stock.');
    await expectNoSeriousA11yViolations(page, 'the reply dialog');
    await replyDialog.getByRole('button', { name: words.send }).click();
    await expectToast(page, words.sent(typed));
    await expect(item).toContainText('We do: 2 kg and 3 kg, from stock.');
    await expect
      .poll(async () => (await mailsTo(typed, /Re: your message/)).map((mail) => mail.text))
      .toEqual([expect.stringContaining('We do: 2 kg and 3 kg, from stock.')]);
    await expectNoSeriousA11yViolations(page, 'messages with a reply');
    await page.screenshot({
      path: artifactPath(`messages-replied-${viewport.width}.png`),
      fullPage: true,
    });
    // Archived: out of the inbox, in the archive.
    await item.getByRole('button', { name: words.archiveMessage }).click();
    await expectToast(page, words.archived('Vera Visitor'));
    await expect(item).toBeHidden();
    await page.getByRole('button', { name: /^Archived/ }).click();
    await expect(item).toContainText(message);
  });
}

test('a verified customer reviews under the account name; an admin hides it and shows it again', async ({
  page,
  browser,
}) => {
  await page.setViewportSize(desktop);
  const name = `Rhea Reviewer ${randomUUID().slice(0, 4)}`;
  const customer = await customerInOwnBrowser(browser, desktop, name);
  const reviewText = `Chisels that keep their edge ${randomUUID().slice(0, 8)}`;

  // Not verified yet: Add Review says so.
  await customer.page.goto(routes.dashboardAddReview);
  await expect(customer.page.getByText(texts.reviews.verifyEmailFirst)).toBeVisible();
  await customer.page.goto(await latestLinkTo(customer.email, /verify/i));
  await customer.page.goto(routes.dashboardAddReview);
  await expect(customer.page.getByText(texts.reviews.verifyEmailFirst)).toHaveCount(0);
  // A paid order of a tool of the journey's own makes the review a verified buyer's.
  const [tool] = await addOwnToolsAside(browser, desktop, [
    {
      name: 'Review Chisel',
      desc: 'A chisel to review.',
      price: 4,
      minOrderQuantity: 1,
      availableQuantity: 100,
    },
  ]);
  const order = await placeOrderAs(customer.page, {
    email: customer.email,
    tool,
    quantity: 2,
    address: '1 Review Road',
  });
  await payOrderByCard(customer.page, order);
  // The name is the account's, read-only.
  await expect(field(customer.page, texts.reviews.name)).toHaveValue(name);
  await expect(field(customer.page, texts.reviews.name)).toHaveAttribute('readonly', '');
  await field(customer.page, texts.reviews.review).fill(reviewText);
  await customer.page.getByRole('button', { name: texts.reviews.submit }).click();
  await expectToast(customer.page, texts.reviews.postSuccess);
  await customer.page.screenshot({ path: artifactPath('add-review-1280.png'), fullPage: true });
  await customer.context.close();

  // The home page shows the name, never the e-mail, and that a buyer wrote it, readably.
  await page.goto(routes.home);
  await expect(page.getByText(reviewText)).toBeVisible();
  expect(await page.content()).not.toContain(customer.email);
  const badge = page
    .getByRole('figure')
    .filter({ hasText: reviewText })
    .getByText(texts.reviews.verifiedBuyer, { exact: true });
  await expect(badge).toBeVisible();
  expect(await textContrast(badge)).toBeGreaterThanOrEqual(4.5);

  await signInAsAdmin(page);
  await page.goto(routes.dashboardReviews);
  const card = page.getByRole('listitem').filter({ hasText: reviewText });
  await expect(card).toContainText(customer.email);
  await card.getByRole('button', { name: texts.reviewsAdmin.hideLabel(name) }).click();
  await expectToast(page, texts.reviewsAdmin.hiddenDone);
  await expect(card.getByText(texts.reviewsAdmin.hidden, { exact: true })).toBeVisible();
  await page.screenshot({ path: artifactPath('reviews-admin-1280.png'), fullPage: true });
  await page.setViewportSize(phone);
  await page.screenshot({ path: artifactPath('reviews-admin-360.png'), fullPage: true });
  await page.setViewportSize(desktop);

  await page.goto(routes.home);
  await expect(page.getByRole('heading', { name: texts.home.reviewsTitle })).toBeVisible();
  await expect(page.getByText(reviewText)).toHaveCount(0);

  await page.goto(routes.dashboardReviews);
  await page
    .getByRole('listitem')
    .filter({ hasText: reviewText })
    .getByRole('button', { name: texts.reviewsAdmin.showLabel(name) })
    .click();
  await expectToast(page, texts.reviewsAdmin.shownDone);
  await page.goto(routes.home);
  await expect(page.getByText(reviewText)).toBeVisible();
});
