import { API_BASE, apiPaths, MAX_STARS, routes, texts } from '@tools-factory/contract';
import type { Page } from '@playwright/test';
import { uniqueEmail } from '../support/accounts.ts';
import { field, profileDetail, signUpAsCustomer } from '../support/customer.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { artifactPath, expect, test } from '../support/fixtures.ts';
import { latestLinkTo } from '../support/outbox.ts';
import { expectToast } from '../support/toast.ts';

const viewports = [
  { width: 360, height: 780 },
  { width: 1280, height: 900 },
];

/**
 * The page as it is now, kept for people to look at. An open modal is kept as the screen shows
 * it: a full-page capture would draw the fixed modal over the top of a taller page only.
 */
async function keep(page: Page, name: string, width: number, fullPage = true): Promise<void> {
  await page.screenshot({ path: artifactPath(`${name}-${width}.png`), fullPage });
  // Every state worth keeping is worth checking: axe once per kept screen.
  await expectNoSeriousA11yViolations(page, name);
}

for (const viewport of viewports) {
  test.describe(`customer dashboard at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('posts a review that shows on the home page, adds and then edits profile information', async ({
      page,
    }) => {
      const width = viewport.width;
      const email = uniqueEmail('rita');
      const name = `Rita Review ${width}`;
      await signUpAsCustomer(page, email, name);

      // --- Add Review: a verified e-mail first ---------------------------------------------
      await page.goto(routes.dashboardAddReview);
      await expect(page.getByText(texts.reviews.verifyEmailFirst)).toBeVisible();
      await page.goto(await latestLinkTo(email, /verify/i));
      await page.goto(routes.dashboardAddReview);
      await expect(
        page.getByRole('heading', { level: 2, name: texts.dashboard.addReview }),
      ).toBeVisible();
      await expect(page.getByText(texts.reviews.verifyEmailFirst)).toHaveCount(0);
      // Signed with the account's name, which the form shows and does not let change.
      const reviewerName = field(page, texts.reviews.name);
      const reviewText = field(page, texts.reviews.review);
      await expect(reviewerName).toHaveValue(name);
      await expect(reviewerName).toHaveAttribute('readonly', '');
      await expect(
        page.getByRole('radio', { name: texts.reviews.ratingLabel(MAX_STARS, MAX_STARS) }),
      ).toBeChecked();
      await keep(page, 'add-review', width);

      // The text is required: said under it, nothing sent.
      await page.getByRole('button', { name: texts.reviews.submit }).click();
      await expect(page.getByText(texts.fieldErrors.required('review'))).toBeVisible();
      await keep(page, 'add-review-errors', width);

      const words = `Sturdy hammers, fast delivery (${email}).`;
      await reviewText.fill(words);
      // Four stars by keyboard: Tab into the group at the chosen star, one to the left.
      await reviewText.focus();
      await page.keyboard.press('Tab');
      const fiveStars = page.getByRole('radio', { name: texts.reviews.ratingLabel(5, MAX_STARS) });
      await expect(fiveStars).toBeFocused();
      await page.keyboard.press('ArrowLeft');
      const fourStars = page.getByRole('radio', { name: texts.reviews.ratingLabel(4, MAX_STARS) });
      await expect(fourStars).toBeChecked();
      await expect(fourStars).toBeFocused();
      await keep(page, 'add-review-rating-focus', width);
      await page.getByRole('button', { name: texts.reviews.submit }).click();
      await expect(
        page.getByRole('alert').filter({ hasText: texts.reviews.postSuccess }),
      ).toBeVisible();
      // Starts over.
      await expect(reviewText).toHaveValue('');
      await expect(fiveStars).toBeChecked();
      await keep(page, 'add-review-posted', width);

      // The home page shows it, with its name and four stars.
      await page.goto(routes.home);
      const reviews = page.getByRole('region', { name: texts.home.reviewsTitle, exact: true });
      const card = reviews.getByRole('listitem').filter({ hasText: words });
      await expect(card).toBeVisible();
      await expect(card).toContainText(name);
      await expect(
        card.getByRole('img', { name: texts.reviews.ratingLabel(4, MAX_STARS) }),
      ).toBeVisible();

      // --- My Profile: nothing yet ----------------------------------------------------------
      await page.goto(routes.dashboardMyProfile);
      await expect(page.getByText(texts.profile.notAddedYet)).toBeVisible();
      await expect(profileDetail(page, texts.profile.email)).toHaveText(email);
      await keep(page, 'my-profile-empty', width);

      // /myProfileInfo opens the add-information modal on My Profile.
      await page.goto(routes.myProfileInfo);
      await expect(page).toHaveURL(routes.dashboardMyProfile);
      const addDialog = page.getByRole('dialog', { name: texts.profile.addInformation });
      await expect(addDialog).toBeVisible();
      await expect(addDialog.getByLabel(texts.profile.education, { exact: true })).toBeFocused();
      await keep(page, 'my-profile-add-modal', width, false);

      await addDialog.getByRole('button', { name: texts.profile.save }).click();
      for (const name of ['education', 'city', 'phone', 'linkdin']) {
        await expect(addDialog.getByText(texts.fieldErrors.required(name))).toBeVisible();
      }
      await keep(page, 'my-profile-add-errors', width, false);

      // Escape closes it and leaves the user on My Profile; the button opens it again.
      await page.keyboard.press('Escape');
      await expect(addDialog).toBeHidden();
      await expect(page).toHaveURL(routes.dashboardMyProfile);
      await page.getByRole('button', { name: texts.profile.addInformation }).click();
      await expect(addDialog).toBeVisible();

      const linkdin = `https://www.linkedin.com/in/rita-review-${width}`;
      await addDialog
        .getByLabel(texts.profile.education, { exact: true })
        .fill('Diploma in Carpentry');
      await addDialog.getByLabel(texts.profile.city, { exact: true }).fill('Sylhet');
      await addDialog.getByLabel(texts.profile.phone, { exact: true }).fill('+880 1711 000000');
      await addDialog.getByLabel(texts.profile.linkdin, { exact: true }).fill(linkdin);
      await addDialog.getByRole('button', { name: texts.profile.save }).click();
      await expectToast(page, texts.profile.addSuccess);
      await expect(addDialog).toBeHidden();
      await expect(profileDetail(page, texts.profile.education)).toHaveText('Diploma in Carpentry');
      await expect(profileDetail(page, texts.profile.city)).toHaveText('Sylhet');
      await expect(profileDetail(page, texts.profile.phone)).toHaveText('+880 1711 000000');
      await expect(page.getByRole('link', { name: linkdin })).toHaveAttribute('href', linkdin);
      await keep(page, 'my-profile-filled', width);

      // A second add is refused with words, not a duplicate.
      const token = await page.evaluate(() => localStorage.getItem('accessToken'));
      const second = await page.request.post(`${API_BASE}${apiPaths.userInfo}`, {
        headers: { Authorization: `Bearer ${token}` },
        data: { education: 'x', city: 'y', phone: '1', linkdin: 'z' },
      });
      expect(second.status()).toBe(409);
      expect(await second.json()).toMatchObject({ message: texts.profile.alreadyAdded });

      // --- Edit Information ---------------------------------------------------------------
      await page.getByRole('button', { name: texts.profile.editInformation }).click();
      const editDialog = page.getByRole('dialog', { name: texts.profile.editInformation });
      await expect(editDialog.getByLabel(texts.profile.education, { exact: true })).toHaveValue(
        'Diploma in Carpentry',
      );
      await expect(editDialog.getByLabel(texts.profile.city, { exact: true })).toHaveValue(
        'Sylhet',
      );
      await expect(editDialog.getByLabel(texts.profile.phone, { exact: true })).toHaveValue(
        '+880 1711 000000',
      );
      await expect(editDialog.getByLabel(texts.profile.linkdin, { exact: true })).toHaveValue(
        linkdin,
      );
      await keep(page, 'my-profile-edit-modal', width, false);

      await editDialog.getByLabel(texts.profile.city, { exact: true }).fill('Chattogram');
      await editDialog.getByRole('button', { name: texts.profile.save }).click();
      await expectToast(page, texts.profile.updateSuccess);
      await expect(editDialog).toBeHidden();
      await expect(profileDetail(page, texts.profile.city)).toHaveText('Chattogram');

      // Kept by the server: still there after a reload.
      await page.reload();
      await expect(profileDetail(page, texts.profile.city)).toHaveText('Chattogram');
      await expect(profileDetail(page, texts.profile.education)).toHaveText('Diploma in Carpentry');
      await expect(page.getByRole('button', { name: texts.profile.addInformation })).toHaveCount(0);
    });
  });
}
