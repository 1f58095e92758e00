import { expect, test } from '../support/fixtures.ts';
import { makeTheAdmin, signInAsAdmin } from '../support/admin.ts';

/**
 * Before every other journey (the setup project), once: the shop's owner makes the first admin as
 * the README says. Its password reset ends every session of the account, so no journey may be
 * signed in as the admin while it runs.
 */
test('the owner of a listed address becomes the admin by setting the password from the e-mailed link', async ({
  page,
}) => {
  await makeTheAdmin(page);
  await signInAsAdmin(page);
  await expect(page).toHaveURL(/\/$/);
});
