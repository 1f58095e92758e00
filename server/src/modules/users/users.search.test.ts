import { describe, expect } from 'vitest';
import { UserListSchema, UsersPageSchema, texts } from '@tools-factory/contract';
import type { App } from '../../app.ts';
import { signUpTestAccount, type TestAccount } from '../../testing/accounts.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { expectError, injectAs } from '../../testing/requests.ts';
import { walkPages, withAfter } from '../../testing/walk-pages.ts';

// An app of its own: the test counts every account there is.
const it = appTest();

function search(app: App, admin: TestAccount, query: string) {
  return injectAs(app, admin, { url: `/api/users/search?${query}` });
}

async function page(app: App, admin: TestAccount, query: string) {
  const response = await search(app, admin, query);
  expect(response.statusCode, response.body).toBe(200);
  return UsersPageSchema.parse(response.json());
}

describe('ALL USERS a page at a time: GET /api/users/search (issue 43)', () => {
  it('walks every account once, oldest first as GET /api/user, and finds by name or e-mail', async ({
    app,
    admin,
  }) => {
    for (const name of ['Paging Fitter One', 'Paging Fitter Two', 'Paging Fitter Three']) {
      await signUpTestAccount(app, { name });
    }
    const whole = UserListSchema.parse((await injectAs(app, admin, { url: '/api/user' })).json());

    // From the first page to the one whose `next` is null: the spec's list, in its order, also
    // when it ends at a page's end (one a page, all on one).
    for (const pageSize of [1, 2, whole.length]) {
      const walked = await walkPages({
        pageSize,
        fetchPage: (after) => page(app, admin, withAfter(`pageSize=${pageSize}`, after)),
        rowsOf: (found) => found.users,
        idOf: (user) => user._id,
      });
      expect(walked.rows.map((user) => user.email)).toEqual(whole.map((user) => user.email));
      expect(walked.pages).toHaveLength(Math.ceil(whole.length / pageSize));
      for (const found of walked.pages) expect(found.total).toBe(whole.length);
    }

    // By name, any case; by e-mail; a LIKE wildcard is a character like any other.
    const byName = await page(app, admin, 'q=paging%20FITTER');
    expect(byName.users.map((user) => user.name)).toEqual([
      'Paging Fitter One',
      'Paging Fitter Two',
      'Paging Fitter Three',
    ]);
    expect(byName).toMatchObject({ total: 3, next: null });
    const byEmail = await page(app, admin, `q=${encodeURIComponent(admin.email)}`);
    expect(byEmail.users).toEqual([expect.objectContaining({ email: admin.email, role: 'admin' })]);
    expect((await page(app, admin, 'q=%25')).users).toEqual([]);
  });

  it('refuses an `after` no page answered and a bad page size, in words', async ({
    app,
    admin,
  }) => {
    expectError(await search(app, admin, 'after=yesterday'), 400, texts.admin.badUsersCursor);
    // The right shape, a time that does not exist: refused in words, not by the database.
    expectError(
      await search(app, admin, `after=2026-13-45T00:00:00.000000Z_${admin.userId}`),
      400,
      texts.admin.badUsersCursor,
    );
    const response = await search(app, admin, 'pageSize=201');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/pageSize/);
  });
});
