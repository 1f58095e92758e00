import { describe, expect } from 'vitest';
import { texts, UserListSchema } from '@tools-factory/contract';
import { signUpTestAccount, uniqueEmail, type TestAccount } from '../../testing/accounts.ts';
import { expectError } from '../../testing/requests.ts';
import { demoteAdmin, listUsers, makeAdmin, removeUser } from '../../testing/user-admin-calls.ts';
import type { App } from '../../app.ts';
import { signUpTestAdmin } from '../../testing/admins.ts';
import { appTest } from '../../testing/app-fixtures.ts';

const errorsText = texts.identityErrors;
const adminErrors = texts.adminErrors;

const secondOwnerEmail = uniqueEmail('second-owner');
/** Listed, but its holder never proved the mailbox and the password: not an admin, no owner. */
const unprovenEmail = uniqueEmail('unproven');
const it = appTest({ config: { adminEmails: [secondOwnerEmail, unprovenEmail] } })
  .extend('owner', { scope: 'file' }, ({ app, adminEmail }) =>
    signUpTestAdmin(app, { email: adminEmail, name: 'Olga Owner' }),
  )
  .extend('secondOwner', { scope: 'file' }, ({ app }) =>
    signUpTestAdmin(app, { email: secondOwnerEmail, name: 'Sam Second' }),
  );

describe('admin roles: demoting admins, and the ADMIN_EMAILS owners nobody else may touch', () => {
  const roleOf = async (app: App, email: string) => (await app.identity.findByEmail(email))?.role;

  /** An admin made with Make Admin by the owner: an admin, but not one of the owners. */
  async function promotedAdmin(app: App, owner: TestAccount): Promise<TestAccount> {
    const account = await signUpTestAccount(app);
    expect((await makeAdmin(app, owner, account.email)).json()).toEqual({ modifiedCount: 1 });
    return account;
  }

  describe('the owners (ADMIN_EMAILS addresses that are admin)', () => {
    it('cannot be removed by another admin: 403 in words, and the owner stays', async ({
      app,
      owner,
      secondOwner,
    }) => {
      const other = await promotedAdmin(app, owner);
      expectError(await removeUser(app, other, owner.email), 403, adminErrors.ownerIsProtected);
      expectError(
        await removeUser(app, secondOwner, owner.email),
        403,
        adminErrors.ownerIsProtected,
      );
      expect(await roleOf(app, owner.email)).toBe('admin');
    });

    it('cannot be demoted by another admin, another owner included', async ({
      app,
      owner,
      secondOwner,
    }) => {
      const other = await promotedAdmin(app, owner);
      expectError(await demoteAdmin(app, other, owner.email), 403, adminErrors.ownerIsProtected);
      expectError(
        await demoteAdmin(app, secondOwner, owner.email.toUpperCase()),
        403,
        adminErrors.ownerIsProtected,
      );
      expect(await roleOf(app, owner.email)).toBe('admin');
    });

    it('are marked as owners in the users list, nobody else is', async ({ app, owner }) => {
      const other = await promotedAdmin(app, owner);
      const listed = UserListSchema.parse((await listUsers(app, other)).json());
      const find = (email: string) => listed.find((user) => user.email === email);
      expect(find(owner.email)).toMatchObject({ role: 'admin', owner: true });
      expect(find(other.email)).toMatchObject({ role: 'admin', owner: false });
    });

    it('a listed address that is not an admin (not proven yet) is no owner: an admin may remove it', async ({
      app,
      owner,
    }) => {
      const squatter = await signUpTestAccount(app, { email: unprovenEmail });
      expect(await roleOf(app, squatter.email)).toBe('user');
      expect((await removeUser(app, owner, squatter.email)).json()).toEqual({ deletedCount: 1 });
    });
  });

  describe('DELETE /api/user/admin/{email}: demote an admin', () => {
    it('answers 401 without a token and 403 to a customer, demoting nobody', async ({
      app,
      owner,
    }) => {
      const other = await promotedAdmin(app, owner);
      const customer = await signUpTestAccount(app);
      expectError(await demoteAdmin(app, undefined, other.email), 401, errorsText.notSignedIn);
      expectError(await demoteAdmin(app, customer, other.email), 403, errorsText.adminsOnly);
      expect(await roleOf(app, other.email)).toBe('admin');
    });

    it('makes another admin a user at once: modifiedCount 1, then 0 when a user already', async ({
      app,
      owner,
    }) => {
      const other = await promotedAdmin(app, owner);
      // Their token works as an admin's until the demotion, then at once no more.
      expect((await listUsers(app, other)).statusCode).toBe(200);
      const response = await demoteAdmin(app, owner, other.email.toUpperCase());
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ modifiedCount: 1 });
      expect(await roleOf(app, other.email)).toBe('user');
      expectError(await listUsers(app, other), 403, errorsText.adminsOnly);
      expect((await demoteAdmin(app, owner, other.email)).json()).toEqual({ modifiedCount: 0 });
    });

    it('lets a promoted admin demote another promoted admin', async ({ app, owner }) => {
      const first = await promotedAdmin(app, owner);
      const second = await promotedAdmin(app, owner);
      expect((await demoteAdmin(app, first, second.email)).json()).toEqual({ modifiedCount: 1 });
    });

    it('refuses an admin demoting themself with 409, and they stay an admin', async ({
      app,
      owner,
    }) => {
      const other = await promotedAdmin(app, owner);
      expectError(
        await demoteAdmin(app, other, other.email),
        409,
        adminErrors.cannotDemoteYourself,
      );
      expect(await roleOf(app, other.email)).toBe('admin');
      expectError(
        await demoteAdmin(app, owner, owner.email),
        409,
        adminErrors.cannotDemoteYourself,
      );
      expect(await roleOf(app, owner.email)).toBe('admin');
    });

    it('answers 404 for an e-mail no account uses', async ({ app, owner }) => {
      expectError(
        await demoteAdmin(app, owner, uniqueEmail('nobody')),
        404,
        adminErrors.userNotFound,
      );
    });
  });
});
