import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import {
  AddProfileResponseSchema,
  ErrorBodySchema,
  ProfileListSchema,
  texts,
  UpdateProfileResponseSchema,
  type Profile,
  type SaveProfile,
} from '@tools-factory/contract';
import { signUpTestAccount, uniqueEmail, type TestAccount } from '../../testing/accounts.ts';
import { injectAs, postAs } from '../../testing/requests.ts';
import type { App } from '../../app.ts';
import { it } from '../../testing/app-fixtures.ts';
import { profiles } from './profiles.table.ts';

describe('profiles API: POST /api/userinfo, PATCH /api/userinfo/:email, GET /api/profilrdetail/:email', () => {
  const information = {
    education: 'BSc Mechanical Engineering',
    city: 'Sheffield',
    phone: '+44 114 496 0000',
    linkdin: 'https://www.linkedin.com/in/ada-customer',
  } as const satisfies SaveProfile;

  /** Each test its own customer: a profile is added once per user. */
  const newCustomer = (app: App) => signUpTestAccount(app, { name: 'Ada Customer' });

  const addProfile = (app: App, account: TestAccount | undefined, payload: object) =>
    postAs(app, account, '/api/userinfo', payload);

  function editProfile(
    app: App,
    account: TestAccount | undefined,
    email: string,
    payload: Record<string, unknown>,
  ) {
    return injectAs(app, account, {
      method: 'PATCH',
      url: `/api/userinfo/${encodeURIComponent(email)}`,
      payload,
    });
  }

  function readProfiles(app: App, account: TestAccount | undefined, email: string) {
    return injectAs(app, account, {
      method: 'GET',
      url: `/api/profilrdetail/${encodeURIComponent(email)}`,
    });
  }

  async function ownProfiles(app: App, account: TestAccount): Promise<Profile[]> {
    const response = await readProfiles(app, account, account.email);
    expect(response.statusCode).toBe(200);
    return ProfileListSchema.parse(response.json());
  }

  const storedRowsOf = (app: App, userId: string): Promise<number> =>
    app.database.db.$count(profiles, eq(profiles.userId, userId));

  it('adds the information; the name and e-mail are the account’s; it reads back as a list of one', async ({
    app,
    otherCustomer,
  }) => {
    const customer = await newCustomer(app);
    expect(await ownProfiles(app, customer)).toEqual([]);

    const response = await addProfile(app, customer, {
      ...information,
      // The body's name and e-mail are not used.
      name: 'Somebody Else',
      email: otherCustomer.email,
    });
    expect(response.statusCode).toBe(200);
    expect(AddProfileResponseSchema.parse(response.json())).toEqual({
      acknowledged: true,
      insertedId: customer.userId,
    });

    const expected = { name: 'Ada Customer', email: customer.email, ...information };
    expect(await ownProfiles(app, customer)).toEqual([expected]);
    // The e-mail in the path is matched in any case.
    const upperCase = await readProfiles(app, customer, customer.email.toUpperCase());
    expect(upperCase.statusCode).toBe(200);
    expect(upperCase.json()).toEqual([expected]);
    // Nothing was written for the address named in the body.
    expect(await ownProfiles(app, otherCustomer)).toEqual([]);
  });

  it('answers a second add with 409 and a clear message; still one record, unchanged', async ({
    app,
  }) => {
    const customer = await newCustomer(app);
    expect((await addProfile(app, customer, information)).statusCode).toBe(200);

    const second = await addProfile(app, customer, { ...information, city: 'Leeds' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ statusCode: 409, message: texts.profile.alreadyAdded });
    expect(await storedRowsOf(app, customer.userId)).toBe(1);
    expect((await ownProfiles(app, customer))[0]?.city).toBe(information.city);
  });

  it('answers two adds at once with one 200 and one 409, never two records', async ({ app }) => {
    const customer = await newCustomer(app);
    const answers = await Promise.all([
      addProfile(app, customer, information),
      addProfile(app, customer, { ...information, city: 'Leeds' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await storedRowsOf(app, customer.userId)).toBe(1);
  });

  it('edits the four fields: modifiedCount 1, then 0 when nothing changes', async ({
    app,
    otherCustomer,
  }) => {
    const customer = await newCustomer(app);
    expect((await addProfile(app, customer, information)).statusCode).toBe(200);
    const edited = {
      education: 'MSc Industrial Design',
      city: 'Leeds',
      phone: '0113 496 0001',
      linkdin: 'https://www.linkedin.com/in/ada-designer',
    };

    const response = await editProfile(app, customer, customer.email, {
      ...edited,
      email: otherCustomer.email,
    });
    expect(response.statusCode).toBe(200);
    expect(UpdateProfileResponseSchema.parse(response.json())).toEqual({
      acknowledged: true,
      matchedCount: 1,
      modifiedCount: 1,
    });
    expect(await ownProfiles(app, customer)).toEqual([
      { name: 'Ada Customer', email: customer.email, ...edited },
    ]);

    const again = await editProfile(app, customer, customer.email, edited);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 0 });
    expect(await storedRowsOf(app, customer.userId)).toBe(1);
  });

  it('answers 404 to an edit before any information was added, and stores nothing', async ({
    app,
  }) => {
    const customer = await newCustomer(app);
    const response = await editProfile(app, customer, customer.email, information);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ statusCode: 404, message: texts.profile.notAddedYet });
    expect(await storedRowsOf(app, customer.userId)).toBe(0);
  });

  it("refuses another customer's edit and read with 403; an admin may read but not edit", async ({
    app,
    otherCustomer,
    admin,
  }) => {
    const customer = await newCustomer(app);
    expect((await addProfile(app, customer, information)).statusCode).toBe(200);
    const expected = [{ name: 'Ada Customer', email: customer.email, ...information }];
    const otherUsersEmail = { statusCode: 403, message: texts.identityErrors.otherUsersEmail };

    const othersEdit = await editProfile(app, otherCustomer, customer.email, {
      ...information,
      city: 'Hacked',
    });
    expect(othersEdit.statusCode).toBe(403);
    expect(othersEdit.json()).toEqual(otherUsersEmail);
    const othersRead = await readProfiles(app, otherCustomer, customer.email);
    expect(othersRead.statusCode).toBe(403);
    expect(othersRead.json()).toEqual(otherUsersEmail);

    const adminRead = await readProfiles(app, admin, customer.email);
    expect(adminRead.statusCode).toBe(200);
    expect(ProfileListSchema.parse(adminRead.json())).toEqual(expected);
    const adminEdit = await editProfile(app, admin, customer.email, {
      ...information,
      city: 'Hacked',
    });
    expect(adminEdit.statusCode).toBe(403);
    expect(adminEdit.json()).toEqual(otherUsersEmail);

    expect(await ownProfiles(app, customer)).toEqual(expected);
  });

  it('answers an admin [] for a user without information and for an address nobody uses', async ({
    app,
    admin,
  }) => {
    const customer = await newCustomer(app);
    for (const email of [customer.email, uniqueEmail('nobody')]) {
      const response = await readProfiles(app, admin, email);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
    }
  });

  it('answers 401 to every call without a bearer token, and stores nothing', async ({ app }) => {
    const customer = await newCustomer(app);
    for (const response of [
      await addProfile(app, undefined, information),
      await editProfile(app, undefined, customer.email, information),
      await readProfiles(app, undefined, customer.email),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        statusCode: 401,
        message: texts.identityErrors.notSignedIn,
      });
    }
    expect(await storedRowsOf(app, customer.userId)).toBe(0);
  });

  it('refuses fields out of their limits with the field’s message, on add and on edit; nothing stored', async ({
    app,
  }) => {
    const customer = await newCustomer(app);
    const { city: _city, ...withoutCity } = information;
    const refusals: [Record<string, unknown>, string][] = [
      [{ ...information, phone: '0114 CALL NOW' }, texts.fieldErrors.notANumber('phone')],
      [{ ...information, phone: '' }, texts.fieldErrors.required('phone')],
      [{ ...information, phone: '1'.repeat(41) }, texts.fieldErrors.tooLong('phone', 40)],
      [{ ...information, education: 'e'.repeat(201) }, texts.fieldErrors.tooLong('education', 200)],
      [withoutCity, texts.fieldErrors.required('city')],
      [{ ...information, city: '   ' }, texts.fieldErrors.required('city')],
      [{ ...information, linkdin: 'l'.repeat(301) }, texts.fieldErrors.tooLong('linkdin', 300)],
      [{ ...information, linkdin: 42 }, texts.fieldErrors.notText('linkdin')],
    ];
    for (const [payload, message] of refusals) {
      const added = await addProfile(app, customer, payload);
      expect(added.statusCode, message).toBe(400);
      expect(ErrorBodySchema.parse(added.json()).message).toBe(message);
    }
    expect(await storedRowsOf(app, customer.userId)).toBe(0);

    // At the limits exactly, the information is taken.
    const atLimits = { ...information, education: 'e'.repeat(200), phone: '1'.repeat(40) };
    expect((await addProfile(app, customer, atLimits)).statusCode).toBe(200);
    for (const [payload, message] of refusals) {
      const edited = await editProfile(app, customer, customer.email, payload);
      expect(edited.statusCode, message).toBe(400);
      expect(ErrorBodySchema.parse(edited.json()).message).toBe(message);
    }
    expect(await ownProfiles(app, customer)).toEqual([
      { name: 'Ada Customer', email: customer.email, ...atLimits },
    ]);
  });
});
