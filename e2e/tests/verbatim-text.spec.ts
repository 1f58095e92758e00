import { API_BASE, apiPaths, ProfileListSchema, routes, texts } from '@tools-factory/contract';
import type { Locator, Page } from '@playwright/test';
import { uniqueEmail } from '../support/accounts.ts';
import { readSeededData } from '../support/api.ts';
import { field, profileDetail, signUpAsCustomer } from '../support/customer.ts';
import { artifactPath, expect, test } from '../support/fixtures.ts';
import { expectToast } from '../support/toast.ts';

/*
 * Issue 15, part 2: text that holds HTML, SQL and template syntax is stored and shown exactly as
 * typed, as text. A customer's own name and profile: what only they see, so that no other
 * journey's page changes (a review would show on everyone's home page).
 */

/** What the page would run if it ever took the text for markup. */
const HTML = '<img src=x onerror="window.__pwned=1">';
const SQL = "'); DROP TABLE orders; --";
const TEMPLATES = '{{7*7}} ${7*7} <%= 7*7 %>';

const typed = {
  name: `${HTML} {{7*7}}`,
  education: `${HTML}<script>window.__pwned=2</script>`,
  city: SQL,
  phone: '+44 (0) 114-496-0000',
  // A `javascript:` link must stay text: clicking it would run it.
  linkdin: `javascript:window.__pwned=3//${TEMPLATES}`,
};

/** Nothing the text could have made: no element from it, no handler run, no script link. */
async function expectNothingInjected(page: Page): Promise<void> {
  const injected = await page.evaluate(() => ({
    pwned: (window as Window & { __pwned?: unknown }).__pwned,
    images: document.querySelectorAll('img[src="x"], [onerror], [onclick]').length,
    // Data the server writes into a page (type application/json) is never run: only scripts.
    inlineScripts: [...document.scripts].filter(
      (script) => !script.type.includes('json') && script.text.includes('__pwned'),
    ).length,
    scriptLinks: document.querySelectorAll('a[href^="javascript:" i]').length,
  }));
  expect(injected).toEqual({ pwned: undefined, images: 0, inlineScripts: 0, scriptLinks: 0 });
}

/** Shown as the very text: no element made of it where it shows. */
async function expectShownAsText(shown: Locator, text: string): Promise<void> {
  await expect(shown).toHaveText(text);
  await expect(shown.locator('img, script, iframe, object, embed, svg, a')).toHaveCount(0);
}

test('HTML, SQL and template text in a name and a profile is stored and shown verbatim, harmless', async ({
  page,
}) => {
  const email = uniqueEmail('verbatim');
  await signUpAsCustomer(page, email, typed.name);

  await page.goto(routes.myProfileInfo);
  const addDialog = page.getByRole('dialog', { name: texts.profile.addInformation });
  await expect(addDialog).toBeVisible();
  await field(addDialog, texts.profile.education).fill(typed.education);
  await field(addDialog, texts.profile.city).fill(typed.city);
  await field(addDialog, texts.profile.phone).fill(typed.phone);
  await field(addDialog, texts.profile.linkdin).fill(typed.linkdin);
  await addDialog.getByRole('button', { name: texts.profile.save }).click();
  await expectToast(page, texts.profile.addSuccess);

  /** My Profile, as it shows the account and the record. */
  async function expectProfileVerbatim(): Promise<void> {
    await expectShownAsText(profileDetail(page, texts.profile.name), typed.name);
    await expectShownAsText(profileDetail(page, texts.profile.education), typed.education);
    await expectShownAsText(profileDetail(page, texts.profile.city), typed.city);
    await expect(profileDetail(page, texts.profile.phone)).toHaveText(typed.phone);
    // Not a link: the text stays text (toHaveText above: no template engine made 49 of it).
    await expectShownAsText(profileDetail(page, texts.profile.linkdin), typed.linkdin);
    await expectNothingInjected(page);
  }
  await expectProfileVerbatim();
  await page.screenshot({ path: artifactPath('verbatim-text-profile.png'), fullPage: true });

  // From the server, not from what the form kept: the same after a reload.
  await page.reload();
  await expectProfileVerbatim();

  // The edit form gets the same text back, character for character.
  await page.getByRole('button', { name: texts.profile.editInformation }).click();
  const editDialog = page.getByRole('dialog', { name: texts.profile.editInformation });
  for (const [label, value] of [
    [texts.profile.education, typed.education],
    [texts.profile.city, typed.city],
    [texts.profile.linkdin, typed.linkdin],
  ] as const) {
    await expect(field(editDialog, label)).toHaveValue(value);
  }
  await expectNothingInjected(page);
  await page.keyboard.press('Escape');
  await expect(editDialog).toBeHidden();

  // The purchase page names the customer too: a page that anyone's tool is shown on.
  const { tools } = await readSeededData(page.request);
  const tool = tools[0];
  if (!tool) throw new Error('the demo seed has no tool');
  await page.goto(routes.purchase(tool._id));
  await expect(page.getByText(typed.name, { exact: true })).toBeVisible();
  await expectNothingInjected(page);

  // And the API answers the very strings that were typed.
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const response = await page.request.get(`${API_BASE}${apiPaths.profileDetail(email)}`, {
    headers: { Authorization: `Bearer ${token ?? ''}` },
  });
  expect(response.status()).toBe(200);
  expect(ProfileListSchema.parse(await response.json())).toEqual([{ email, ...typed }]);

  // SQL in a field is a string, nothing more: the orders table is there to list.
  const orders = await page.request.get(`${API_BASE}${apiPaths.orders(email)}`, {
    headers: { Authorization: `Bearer ${token ?? ''}` },
  });
  expect(orders.status()).toBe(200);
});
