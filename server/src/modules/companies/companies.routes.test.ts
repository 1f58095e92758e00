import { eq, notExists } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import {
  COMPANY_INVITATION_DAYS,
  ErrorBodySchema,
  InvitationPreviewSchema,
  MyCompanySchema,
  texts,
  type MyCompany,
} from '@tools-factory/contract';
import type { App } from '../../app.ts';
import { signUpTestAccount, uniqueEmail, type TestAccount } from '../../testing/accounts.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { latestOutboxMail } from '../../testing/mail.ts';
import { injectAs } from '../../testing/requests.ts';
import { signUpVerifiedAccount } from '../../testing/verified-accounts.ts';
import { companies, companyInvitations, companyMembers } from './companies.table.ts';
import { INVITATIONS_PER_ADDRESS_PER_DAY, invitationTokenHash } from './companies.service.ts';

const words = texts.companyErrors;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A clock the tests move: invitations expire against it. */
const clock = { now: new Date('2031-01-10T09:00:00Z') };
const it = appTest({ now: () => clock.now });

const DETAILS = {
  legalName: 'Northern Fixings Ltd',
  taxNumber: 'GB 123 4567 89',
  billingAddress: '4 Mill Road\nLeeds LS1 4AB',
};

async function call(
  app: App,
  account: TestAccount,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) {
  return injectAs(app, account, { method, url, ...(payload ? { payload } : {}) });
}

/** A call that must answer `status` with the company as the caller sees it. */
async function companyAnswer(
  response: Awaited<ReturnType<typeof call>>,
  status = 200,
): Promise<MyCompany> {
  expect(response.statusCode, response.body).toBe(status);
  return MyCompanySchema.parse(response.json());
}

/** A refusal: its status and its words. */
function expectRefusal(
  response: Awaited<ReturnType<typeof call>>,
  status: number,
  message: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(ErrorBodySchema.parse(response.json()).message).toBe(message);
}

/** A verified account that creates a company and is its admin. */
async function companyAdmin(app: App, name = 'Ada Admin'): Promise<TestAccount> {
  const admin = await signUpVerifiedAccount(app, { name });
  await companyAnswer(await call(app, admin, 'POST', '/api/company', DETAILS), 201);
  return admin;
}

/** The link's secret of the newest invitation e-mailed to `email`. */
async function invitationToken(app: App, email: string): Promise<string> {
  const mail = await latestOutboxMail(app, email, 'invited');
  const link = /https?:\/\/\S+\/dashborad\/company\/join#([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
  if (!link?.[1]) throw new Error(`no invitation link in: ${mail.text}`);
  return link[1];
}

/** `admin` invites a new verified account, which joins: the buyer. */
async function joinedBuyer(app: App, admin: TestAccount, name = 'Bo Buyer'): Promise<TestAccount> {
  const buyer = await signUpVerifiedAccount(app, { name });
  await companyAnswer(
    await call(app, admin, 'POST', '/api/company/invitations', { email: buyer.email }),
    201,
  );
  const token = await invitationToken(app, buyer.email);
  await companyAnswer(await call(app, buyer, 'POST', '/api/company/invitations/accept', { token }));
  return buyer;
}

describe('company accounts: create, invite, join, roles (issue 44)', () => {
  it('a verified customer creates a company and is its admin; an account has one company', async ({
    app,
  }) => {
    const admin = await signUpVerifiedAccount(app, { name: 'Ada Admin' });
    expect(await companyAnswer(await call(app, admin, 'GET', '/api/company'))).toEqual({
      company: null,
      credit: null,
      role: null,
      members: [],
      invitations: [],
      addresses: [],
      spending: null,
      approvals: [],
    });
    const created = await companyAnswer(
      await call(app, admin, 'POST', '/api/company', DETAILS),
      201,
    );
    expect(created.company).toMatchObject(DETAILS);
    expect(created.role).toBe('admin');
    expect(created.members).toEqual([
      expect.objectContaining({ userId: admin.userId, name: 'Ada Admin', role: 'admin' }),
    ]);
    // A second company: 409, and nothing more is stored.
    const count = async () => (await app.database.db.select().from(companies)).length;
    const stored = await count();
    expectRefusal(
      await call(app, admin, 'POST', '/api/company', { ...DETAILS, legalName: 'Second Ltd' }),
      409,
      words.alreadyMember,
    );
    expect(await count()).toBe(stored);
    // Its admin edits its details.
    const edited = await companyAnswer(
      await call(app, admin, 'PATCH', '/api/company', { ...DETAILS, taxNumber: '' }),
    );
    expect(edited.company?.taxNumber).toBe('');
  });

  it('refuses an unverified account and a shop admin, in words; bad details get a 400 naming the field', async ({
    app,
    customer,
    admin,
  }) => {
    expectRefusal(
      await call(app, customer, 'POST', '/api/company', DETAILS),
      403,
      words.verifyFirst,
    );
    expectRefusal(
      await call(app, admin, 'POST', '/api/company', DETAILS),
      403,
      words.shopAdminsDoNotBuy,
    );
    const verified = await signUpVerifiedAccount(app);
    const bad = await call(app, verified, 'POST', '/api/company', {
      ...DETAILS,
      legalName: 'x'.repeat(121),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('legal name');
    expect(await companyAnswer(await call(app, verified, 'GET', '/api/company'))).toMatchObject({
      company: null,
    });
  });

  it('two companies at once for one account: one is created, the other refused, none left half-made', async ({
    app,
  }) => {
    const founder = await signUpVerifiedAccount(app);
    const answers = await Promise.all(
      ['One Ltd', 'Two Ltd', 'Three Ltd'].map((legalName) =>
        call(app, founder, 'POST', '/api/company', { ...DETAILS, legalName }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    const memberships = await app.database.db
      .select()
      .from(companyMembers)
      .where(eq(companyMembers.userId, founder.userId));
    expect(memberships).toHaveLength(1);
    // Every company stored has a member: a refused creation left no company behind.
    const orphans = await app.database.db
      .select({ id: companies.id })
      .from(companies)
      .where(
        notExists(
          app.database.db
            .select({ one: companyMembers.userId })
            .from(companyMembers)
            .where(eq(companyMembers.companyId, companies.id)),
        ),
      );
    expect(orphans).toEqual([]);
  });

  it('invites by e-mail through the outbox; the addressee, verified, joins with the link once', async ({
    app,
  }) => {
    const admin = await companyAdmin(app);
    const invitee = await signUpVerifiedAccount(app, { name: 'Cy Invitee' });
    const invited = await companyAnswer(
      await call(app, admin, 'POST', '/api/company/invitations', {
        email: invitee.email.toUpperCase(),
      }),
      201,
    );
    expect(invited.invitations).toEqual([
      expect.objectContaining({
        email: invitee.email,
        role: 'buyer',
        invitedBy: 'Ada Admin',
        expiresAt: new Date(clock.now.getTime() + COMPANY_INVITATION_DAYS * DAY_MS).toISOString(),
      }),
    ]);
    const mail = await latestOutboxMail(app, invitee.email, 'invited');
    expect(mail.headers.subject).toBe(`You are invited to buy for ${DETAILS.legalName}`);
    expect(mail.text).toContain('Ada Admin');
    const token = await invitationToken(app, invitee.email);
    // Only the secret's hash is stored.
    const [row] = await app.database.db
      .select()
      .from(companyInvitations)
      .where(eq(companyInvitations.email, invitee.email));
    expect(row?.tokenHash).toBe(invitationTokenHash(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const preview = InvitationPreviewSchema.parse(
      (await call(app, invitee, 'POST', '/api/company/invitations/lookup', { token })).json(),
    );
    expect(preview).toMatchObject({ companyName: DETAILS.legalName, role: 'buyer' });
    // Someone else holding the link is not the addressee.
    const stranger = await signUpVerifiedAccount(app);
    expectRefusal(
      await call(app, stranger, 'POST', '/api/company/invitations/accept', { token }),
      403,
      words.notTheInvitee,
    );
    const joined = await companyAnswer(
      await call(app, invitee, 'POST', '/api/company/invitations/accept', { token }),
    );
    expect(joined.role).toBe('buyer');
    expect(joined.company?._id).toBe(invited.company?._id);
    expect(joined.invitations).toEqual([]);
    expect(joined.members.map((member) => [member.name, member.role])).toEqual([
      ['Ada Admin', 'admin'],
      ['Cy Invitee', 'buyer'],
    ]);
    // The link works once.
    expectRefusal(
      await call(app, invitee, 'POST', '/api/company/invitations/accept', { token }),
      404,
      words.invitationNotFound,
    );
    // The admin sees the buyer, and no invitation waiting.
    const seen = await companyAnswer(await call(app, admin, 'GET', '/api/company'));
    expect(seen.members).toHaveLength(2);
    expect(seen.invitations).toEqual([]);
  });

  it('an unverified addressee is told to verify; an expired or revoked link is 404; a new one replaces the old', async ({
    app,
  }) => {
    const admin = await companyAdmin(app);
    const unverified = await signUpTestAccount(app);
    await call(app, admin, 'POST', '/api/company/invitations', { email: unverified.email });
    const first = await invitationToken(app, unverified.email);
    expectRefusal(
      await call(app, unverified, 'POST', '/api/company/invitations/accept', { token: first }),
      403,
      words.verifyToJoin,
    );
    // Inviting again revokes the first link.
    await call(app, admin, 'POST', '/api/company/invitations', {
      email: unverified.email,
      role: 'admin',
    });
    const second = await invitationToken(app, unverified.email);
    expect(second).not.toBe(first);
    expectRefusal(
      await call(app, unverified, 'POST', '/api/company/invitations/lookup', { token: first }),
      404,
      words.invitationNotFound,
    );
    const preview = await call(app, unverified, 'POST', '/api/company/invitations/lookup', {
      token: second,
    });
    expect(preview.json()).toMatchObject({ role: 'admin' });
    // Seven days later, it has expired.
    const saved = clock.now;
    clock.now = new Date(saved.getTime() + COMPANY_INVITATION_DAYS * DAY_MS + 1000);
    try {
      expectRefusal(
        await call(app, unverified, 'POST', '/api/company/invitations/lookup', { token: second }),
        404,
        words.invitationNotFound,
      );
    } finally {
      clock.now = saved;
    }
    // Revoked by the admin, it stops at once; revoking twice is 404.
    const view = await companyAnswer(await call(app, admin, 'GET', '/api/company'));
    const waiting = view.invitations.find((one) => one.email === unverified.email);
    expect(waiting).toBeDefined();
    await companyAnswer(
      await call(app, admin, 'DELETE', `/api/company/invitations/${waiting?._id}`),
    );
    expectRefusal(
      await call(app, unverified, 'POST', '/api/company/invitations/lookup', { token: second }),
      404,
      words.invitationNotFound,
    );
    expectRefusal(
      await call(app, admin, 'DELETE', `/api/company/invitations/${waiting?._id}`),
      404,
      words.invitationNotFound,
    );
  });

  it('a member of another company cannot join a second one: 409, and the invitation still waits', async ({
    app,
  }) => {
    const first = await companyAdmin(app, 'First Admin');
    const second = await companyAdmin(app, 'Second Admin');
    await call(app, second, 'POST', '/api/company/invitations', { email: first.email });
    const token = await invitationToken(app, first.email);
    expectRefusal(
      await call(app, first, 'POST', '/api/company/invitations/accept', { token }),
      409,
      words.alreadyMember,
    );
    const view = await companyAnswer(await call(app, second, 'GET', '/api/company'));
    expect(view.invitations.map((one) => one.email)).toEqual([first.email]);
    // Inviting a member of one's own company is refused in words.
    const buyer = await joinedBuyer(app, second);
    expectRefusal(
      await call(app, second, 'POST', '/api/company/invitations', { email: buyer.email }),
      409,
      words.alreadyInCompany(buyer.email),
    );
  });

  it('limits the invitations one address receives in a day, from every company', async ({
    app,
  }) => {
    const target = uniqueEmail('popular');
    const admins = await Promise.all(
      Array.from({ length: 2 }, (_, index) => companyAdmin(app, `Admin ${index}`)),
    );
    for (let sent = 0; sent < INVITATIONS_PER_ADDRESS_PER_DAY; sent += 1) {
      const admin = admins[sent % admins.length]!;
      const answer = await call(app, admin, 'POST', '/api/company/invitations', { email: target });
      expect(answer.statusCode, answer.body).toBe(201);
    }
    expectRefusal(
      await call(app, admins[0]!, 'POST', '/api/company/invitations', { email: target }),
      429,
      words.tooManyInvitations(target),
    );
  });

  it('admins change roles and remove members; a company always keeps an admin; buyers may only leave', async ({
    app,
  }) => {
    const admin = await companyAdmin(app);
    const buyer = await joinedBuyer(app, admin, 'Bo Buyer');
    const other = await joinedBuyer(app, admin, 'Di Buyer');

    // A buyer changes nobody and removes nobody but themself.
    expectRefusal(
      await call(app, buyer, 'PATCH', `/api/company/members/${buyer.userId}`, { role: 'admin' }),
      403,
      words.adminsOnly,
    );
    expectRefusal(
      await call(app, buyer, 'DELETE', `/api/company/members/${other.userId}`),
      403,
      words.adminsOnly,
    );
    expectRefusal(
      await call(app, buyer, 'POST', '/api/company/invitations', { email: uniqueEmail() }),
      403,
      words.adminsOnly,
    );
    // The only admin can neither step down nor leave.
    expectRefusal(
      await call(app, admin, 'PATCH', `/api/company/members/${admin.userId}`, { role: 'buyer' }),
      409,
      words.lastAdmin,
    );
    expectRefusal(
      await call(app, admin, 'DELETE', `/api/company/members/${admin.userId}`),
      409,
      words.lastAdmin,
    );
    // With a second admin, the first may step down.
    const promoted = await companyAnswer(
      await call(app, admin, 'PATCH', `/api/company/members/${buyer.userId}`, { role: 'admin' }),
    );
    expect(promoted.members.filter((member) => member.role === 'admin')).toHaveLength(2);
    const steppedDown = await companyAnswer(
      await call(app, admin, 'PATCH', `/api/company/members/${admin.userId}`, { role: 'buyer' }),
    );
    expect(steppedDown.role).toBe('buyer');
    expect(steppedDown.invitations).toEqual([]);
    // A buyer leaves; the account stays.
    const left = await companyAnswer(
      await call(app, other, 'DELETE', `/api/company/members/${other.userId}`),
    );
    expect(left.company).toBeNull();
    expect((await call(app, other, 'GET', '/api/company')).statusCode).toBe(200);
    // The new admin removes the old one.
    const removed = await companyAnswer(
      await call(app, buyer, 'DELETE', `/api/company/members/${admin.userId}`),
    );
    expect(removed.members.map((member) => member.userId)).toEqual([buyer.userId]);
    expect(await companyAnswer(await call(app, admin, 'GET', '/api/company'))).toMatchObject({
      company: null,
    });
  });

  it("answers 404, never 403, for another company's members and invitations", async ({ app }) => {
    const ours = await companyAdmin(app, 'Our Admin');
    const theirs = await companyAdmin(app, 'Their Admin');
    const theirBuyer = await joinedBuyer(app, theirs);
    await call(app, theirs, 'POST', '/api/company/invitations', { email: uniqueEmail() });
    const theirView = await companyAnswer(await call(app, theirs, 'GET', '/api/company'));
    const theirInvitation = theirView.invitations[0]?._id;
    expect(theirInvitation).toBeDefined();

    expectRefusal(
      await call(app, ours, 'PATCH', `/api/company/members/${theirBuyer.userId}`, {
        role: 'admin',
      }),
      404,
      words.memberNotFound,
    );
    expectRefusal(
      await call(app, ours, 'DELETE', `/api/company/members/${theirBuyer.userId}`),
      404,
      words.memberNotFound,
    );
    expectRefusal(
      await call(app, ours, 'DELETE', `/api/company/invitations/${theirInvitation}`),
      404,
      words.invitationNotFound,
    );
    // Nothing of theirs changed.
    expect(await companyAnswer(await call(app, theirs, 'GET', '/api/company'))).toEqual(theirView);
    // A stranger's view of their own (no) company shows nothing of anyone's.
    const stranger = await signUpVerifiedAccount(app);
    expect(await companyAnswer(await call(app, stranger, 'GET', '/api/company'))).toMatchObject({
      company: null,
      members: [],
    });
  });

  it('two admins stepping down, or removing each other, at once: one change stands, an admin is left', async ({
    app,
  }) => {
    for (const attempt of ['step down', 'remove each other'] as const) {
      const first = await companyAdmin(app, 'First Admin');
      const second = await joinedBuyer(app, first, 'Second Admin');
      await companyAnswer(
        await call(app, first, 'PATCH', `/api/company/members/${second.userId}`, { role: 'admin' }),
      );
      const answers = await Promise.all(
        attempt === 'step down'
          ? [
              call(app, first, 'PATCH', `/api/company/members/${first.userId}`, { role: 'buyer' }),
              call(app, second, 'PATCH', `/api/company/members/${second.userId}`, {
                role: 'buyer',
              }),
            ]
          : [
              call(app, first, 'DELETE', `/api/company/members/${second.userId}`),
              call(app, second, 'DELETE', `/api/company/members/${first.userId}`),
            ],
      );
      // The other is refused: 409 (no admin would be left) or, once the removal of its caller
      // has committed, 404 (its caller is no member any more).
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses[0], attempt).toBe(200);
      expect(attempt === 'step down' ? [409] : [404, 409], attempt).toContain(statuses[1]);
      const survivor = answers[0]?.statusCode === 200 ? first : second;
      const view = await companyAnswer(await call(app, survivor, 'GET', '/api/company'));
      expect(
        view.members.filter((member) => member.role === 'admin'),
        attempt,
      ).toHaveLength(1);
    }
  });

  it("a shop admin's Remove User keeps a company with members an admin: 409 for its only admin", async ({
    app,
    admin: shopAdmin,
  }) => {
    const owner = await companyAdmin(app, 'Only Admin');
    const buyer = await joinedBuyer(app, owner, 'Kept Buyer');
    const removeUser = (account: TestAccount) =>
      call(app, shopAdmin, 'DELETE', `/api/user/${encodeURIComponent(account.email)}`);
    expectRefusal(await removeUser(owner), 409, words.lastAdminAccount);
    // Nothing was removed: the owner still signs in to their company.
    expect((await companyAnswer(await call(app, owner, 'GET', '/api/company'))).role).toBe('admin');
    // A buyer may be removed; then the company's only member, its admin, may be too.
    expect((await removeUser(buyer)).statusCode).toBe(200);
    expect((await removeUser(owner)).statusCode).toBe(200);
  });
});
