import { describe, expect } from 'vitest';
import {
  ManagedMessageListSchema,
  ManagedMessagesPageSchema,
  texts,
  type ManagedMessagesPage,
} from '@tools-factory/contract';
import type { App } from '../../app.ts';
import type { TestAccount } from '../../testing/accounts.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { expectError, injectAs } from '../../testing/requests.ts';
import { walkPages, withAfter } from '../../testing/walk-pages.ts';
import { insertContactMessage, selectMessagesPage } from './contact.repository.ts';

// An app of its own: the test walks every message there is.
const it = appTest();
const { badPageCursor, badFolder } = texts.messagesAdmin;

function ask(app: App, sender: TestAccount | undefined, query: string) {
  return injectAs(app, sender, { url: `/api/manageMessages/page?${query}` });
}

async function page(app: App, admin: TestAccount, query: string): Promise<ManagedMessagesPage> {
  const response = await ask(app, admin, query);
  expect(response.statusCode, response.body).toBe(200);
  return ManagedMessagesPageSchema.parse(response.json());
}

/** Every page of a folder from the first, two a page, as walkPages checks them. */
async function walk(app: App, admin: TestAccount, folder: string) {
  const walked = await walkPages({
    pageSize: 2,
    fetchPage: (after) => page(app, admin, withAfter(`folder=${folder}&pageSize=2`, after)),
    rowsOf: (found) => found.messages,
    idOf: (message) => message._id,
  });
  return walked.pages;
}

describe('Messages a page at a time: GET /api/manageMessages/page (issue 43)', () => {
  it("walks each folder's messages once, newest first as GET /manageMessages", async ({
    app,
    admin,
  }) => {
    // Five messages of one instant (the id orders them), two of them archived, and a reply.
    const instant = new Date('2026-05-01T12:00:00.000Z');
    const made = [];
    for (let index = 0; index < 5; index += 1) {
      made.push(
        await insertContactMessage(app.database.db, {
          name: `Visitor ${index}`,
          email: `visitor-${index}@example.com`,
          message: `Question ${index}`,
          createdAt: instant,
          archivedAt: index < 2 ? new Date() : null,
        }),
      );
    }
    const replied = made[4];
    if (!replied) throw new Error('no message made');
    const reply = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/manageMessages/${replied.id}/reply`,
      payload: { reply: 'Yes, we do.' },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const whole = ManagedMessageListSchema.parse(
      (await injectAs(app, admin, { url: '/api/manageMessages' })).json(),
    );
    const inbox = whole.filter((message) => message.archivedAt === null);
    const archive = whole.filter((message) => message.archivedAt !== null);

    const inboxPages = await walk(app, admin, 'inbox');
    expect(inboxPages.flatMap((found) => found.messages)).toEqual(inbox);
    const archivePages = await walk(app, admin, 'archive');
    expect(archivePages.flatMap((found) => found.messages)).toEqual(archive);
    // Three in the inbox, two in the archive: the archive's one page, full, is its last.
    expect(inboxPages).toHaveLength(2);
    expect(archivePages).toHaveLength(1);
    for (const found of [...inboxPages, ...archivePages]) {
      expect(found).toMatchObject({
        inbox: inbox.length,
        inboxCapped: false,
        archive: archive.length,
        archiveCapped: false,
        capped: false,
      });
    }
    expect(inboxPages[0]?.total).toBe(inbox.length);
    expect(archivePages[0]?.total).toBe(archive.length);
    // Each folder counted up to a cap (MANAGED_MESSAGES_COUNT_CAP; two here): the inbox's three
    // stop there, the archive's two do not.
    const capped = await selectMessagesPage(app.database.db, {
      folder: 'inbox',
      limit: 50,
      countCap: 2,
    });
    expect(capped.counts).toEqual({
      inbox: { total: 2, capped: true },
      archive: { total: 2, capped: false },
    });
    expect(capped.rows).toHaveLength(inbox.length);
    // The inbox is the default folder; the reply is with its message.
    const first = await page(app, admin, '');
    expect(first.messages.map((message) => message._id)).toEqual(
      inbox.slice(0, 50).map((message) => message._id),
    );
    expect(
      inboxPages.flatMap((found) => found.messages).find((message) => message._id === replied.id)
        ?.replies,
    ).toEqual([expect.objectContaining({ body: 'Yes, we do.' })]);
  });

  it('refuses an `after` no page answered, another folder and a bad page size, in words', async ({
    app,
    admin,
  }) => {
    const id = crypto.randomUUID();
    for (const after of ['yesterday', `2026-13-45T00:00:00.000000Z_${id}`]) {
      expectError(await ask(app, admin, `after=${after}`), 400, badPageCursor);
    }
    for (const folder of ['spam', 'INBOX', '']) {
      expectError(await ask(app, admin, `folder=${folder}`), 400, badFolder);
    }
    const response = await ask(app, admin, 'pageSize=201');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/pageSize/);
  });

  it('is for admins only', async ({ app, customer }) => {
    expect((await ask(app, undefined, '')).statusCode).toBe(401);
    expect((await ask(app, customer, '')).statusCode).toBe(403);
  });
});
