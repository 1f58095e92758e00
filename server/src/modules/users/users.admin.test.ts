import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import {
  AdminCheckSchema,
  ManagedOrderListSchema,
  OrderListSchema,
  texts,
  UserListSchema,
  type Order,
} from '@tools-factory/contract';
import {
  renewAccessToken,
  signUpTestAccount,
  uniqueEmail,
  type TestAccount,
} from '../../testing/accounts.ts';
import { createTestReview, createTestTool } from '../../testing/factories.ts';
import { payOrder } from '../../testing/payments.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import type { App } from '../../app.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { expectAdminsOnly } from '../../testing/admins-only.ts';
import { expectError, injectAs } from '../../testing/requests.ts';
import { listUsers, makeAdmin, removeUser } from '../../testing/user-admin-calls.ts';
import { profiles } from '../profiles/profiles.table.ts';
import { reviews } from '../reviews/reviews.table.ts';
import { placeTestOrder } from '../../testing/orders.ts';

const errorsText = texts.identityErrors;
const adminErrors = texts.adminErrors;

const it = appTest({
  config: UNCAPPED_ORDERS,
  customerName: 'Carla Customer',
  adminName: 'Ada Admin',
});

describe('admin user calls: GET /api/user, PUT /api/user/admin/:email, DELETE /api/user/:email', () => {
  const isAdmin = (app: App, account: TestAccount, email = account.email) =>
    injectAs(app, account, { url: `/api/admin/${encodeURIComponent(email)}` });
  const ordersOf = (app: App, account: TestAccount) =>
    injectAs(app, account, { url: `/api/orders?email=${encodeURIComponent(account.email)}` });

  describe('GET /api/user', () => {
    it('answers 401 without a token and 403 to a customer', async ({ app, customer }) => {
      await expectAdminsOnly(customer, (sender) => listUsers(app, sender));
    });

    it('lists every account for an admin as { _id, name, email, role, owner, company }, nothing more', async ({
      app,
      customer,
      admin,
    }) => {
      const response = await listUsers(app, admin);
      expect(response.statusCode).toBe(200);
      const listed = UserListSchema.parse(response.json());
      expect(listed).toContainEqual({
        _id: customer.userId,
        name: 'Carla Customer',
        email: customer.email,
        role: 'user',
        owner: false,
        company: null,
      });
      // An ADMIN_EMAILS address that is admin: one of the shop's owners.
      expect(listed).toContainEqual({
        _id: admin.userId,
        name: 'Ada Admin',
        email: admin.email,
        role: 'admin',
        owner: true,
        company: null,
      });
      for (const user of response.json() as object[]) {
        expect(Object.keys(user).sort()).toEqual([
          '_id',
          'company',
          'email',
          'name',
          'owner',
          'role',
        ]);
      }
    });
  });

  describe('PUT /api/user/admin/:email', () => {
    it('answers 401 without a token and 403 to a customer, promoting nobody', async ({
      app,
      customer,
    }) => {
      const other = await signUpTestAccount(app);
      await expectAdminsOnly(customer, (sender) => makeAdmin(app, sender, other.email));
      // Not even themself.
      expectError(await makeAdmin(app, other, other.email), 403, errorsText.adminsOnly);
      expect((await app.identity.findByEmail(other.email))?.role).toBe('user');
    });

    it('makes the account an admin at once: modifiedCount 1, then 0 when already one', async ({
      app,
      admin,
    }) => {
      const promoted = await signUpTestAccount(app);
      expect(AdminCheckSchema.parse((await isAdmin(app, promoted)).json())).toEqual({
        admin: false,
      });
      expectError(await listUsers(app, promoted), 403, errorsText.adminsOnly);

      // The e-mail in the path in any case.
      const response = await makeAdmin(app, admin, promoted.email.toUpperCase());
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ modifiedCount: 1 });

      // The token they hold already: the role is read on every call.
      expect(AdminCheckSchema.parse((await isAdmin(app, promoted)).json())).toEqual({
        admin: true,
      });
      expect((await listUsers(app, promoted)).statusCode).toBe(200);

      const again = await makeAdmin(app, admin, promoted.email);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ modifiedCount: 0 });
    });

    it('answers 404 for an e-mail no account uses', async ({ app, admin }) => {
      expectError(
        await makeAdmin(app, admin, uniqueEmail('nobody')),
        404,
        adminErrors.userNotFound,
      );
    });
  });

  describe('DELETE /api/user/:email', () => {
    it('answers 401 without a token and 403 to a customer, removing nobody', async ({
      app,
      customer,
    }) => {
      const target = await signUpTestAccount(app);
      await expectAdminsOnly(customer, (sender) => removeUser(app, sender, target.email));
      expectError(await removeUser(app, target, target.email), 403, errorsText.adminsOnly);
      expect(await app.identity.findByEmail(target.email)).toBeDefined();
      expect((await ordersOf(app, target)).statusCode).toBe(200);
    });

    it('removes the account for an admin: its tokens and sessions end at once, its orders stay', async ({
      app,
      admin,
    }) => {
      const leaving = await signUpTestAccount(app, { name: 'Leo Leaving' });
      const tool = await createTestTool(app, { priceCents: 250, availableQuantity: 10_000 });
      const unpaid = await placeTestOrder(app, leaving, tool, {
        address: '9 Lathe Lane',
        quantity: 40,
      });
      const paid = await payOrder(
        app,
        leaving,
        await placeTestOrder(app, leaving, tool, { address: '9 Lathe Lane', quantity: 40 }),
      );
      await app.database.db.insert(profiles).values({
        userId: leaving.userId,
        name: leaving.name,
        email: leaving.email,
        education: 'Trade school',
        city: 'Sheffield',
        phone: '0114 496 0000',
        linkedin: 'https://www.linkedin.com/in/leo',
      });
      const review = await createTestReview(app, {
        userId: leaving.userId,
        name: leaving.name,
        email: leaving.email,
      });

      const response = await removeUser(app, admin, leaving.email);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ deletedCount: 1 });

      // The access token they hold is refused at once; the identity session is gone too.
      expectError(await ordersOf(app, leaving), 401, errorsText.accountRemoved);
      expect((await renewAccessToken(app, leaving)).statusCode).toBe(401);
      expect(await app.identity.findByEmail(leaving.email)).toBeUndefined();
      const users = UserListSchema.parse((await listUsers(app, admin)).json());
      expect(users.some((user) => user.email === leaving.email)).toBe(false);

      // Their orders stay, with the e-mail they were placed with.
      const managed = ManagedOrderListSchema.parse(
        (await injectAs(app, admin, { url: '/api/manageOrders' })).json(),
      );
      const kept = (order: Order) => managed.find((row) => row._id === order._id);
      expect(kept(unpaid)).toMatchObject({ email: leaving.email, status: 'unpaid' });
      expect(kept(paid)).toMatchObject({
        email: leaving.email,
        status: 'paid',
        transectionId: paid.transectionId,
      });

      // Their profile goes with them; their review stays (a public testimonial), owned by nobody.
      const profile = await app.database.db
        .select()
        .from(profiles)
        .where(eq(profiles.userId, leaving.userId));
      expect(profile).toEqual([]);
      const [keptReview] = await app.database.db
        .select()
        .from(reviews)
        .where(eq(reviews.id, review.id));
      expect(keptReview).toMatchObject({ userId: null, email: leaving.email });

      // Someone signing up again with the address is a new account that owns none of them.
      const returning = await signUpTestAccount(app, { email: leaving.email });
      expect(returning.userId).not.toBe(leaving.userId);
      expect(OrderListSchema.parse((await ordersOf(app, returning)).json())).toEqual([]);
    });

    it('refuses an admin removing themself with 409, and they stay an admin', async ({
      app,
      admin,
    }) => {
      const response = await removeUser(app, admin, admin.email.toUpperCase());
      expectError(response, 409, adminErrors.cannotRemoveYourself);
      expect(AdminCheckSchema.parse((await isAdmin(app, admin)).json())).toEqual({ admin: true });
    });

    it('lets an admin remove another admin', async ({ app, admin }) => {
      const otherAdmin = await signUpTestAccount(app);
      expect((await makeAdmin(app, admin, otherAdmin.email)).json()).toEqual({ modifiedCount: 1 });
      expect((await removeUser(app, admin, otherAdmin.email)).json()).toEqual({ deletedCount: 1 });
      expectError(await listUsers(app, otherAdmin), 401, errorsText.accountRemoved);
    });

    it('answers 404 for an e-mail no account uses', async ({ app, admin }) => {
      expectError(
        await removeUser(app, admin, uniqueEmail('nobody')),
        404,
        adminErrors.userNotFound,
      );
    });
  });
});
