import { describe, expect } from 'vitest';
import {
  ManagedQuoteRequestsPageSchema,
  ManagedQuotesPageSchema,
  MyQuoteRequestsPageSchema,
  MyQuotesPageSchema,
  texts,
} from '@tools-factory/contract';
import type { App } from '../../app.ts';
import type { TestAccount } from '../../testing/accounts.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { createTestTool } from '../../testing/factories.ts';
import { listAllQuoteRequests, listOwnQuoteRequests } from '../../testing/quote-requests.ts';
import { listAllQuotes, listOwnQuotes } from '../../testing/quotes.ts';
import { expectError, injectAs } from '../../testing/requests.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { walkPages, withAfter } from '../../testing/walk-pages.ts';
import { insertQuote, insertQuoteRequest, type NewQuoteRow } from './quotes.repository.ts';

/** The quotes' clock: an offer valid until the day before is expired. */
const NOW = new Date('2030-03-10T12:00:00Z');
const it = appTest({ config: UNCAPPED_ORDERS, now: () => NOW });

type ToolRow = Awaited<ReturnType<typeof createTestTool>>;

/** Rows of one moment, to the microsecond: only the id tells them apart. */
const MOMENT = new Date('2030-03-01T09:26:53.589Z');

/** What a stored quote of `status` holds besides its tool and account (an offer when offered). */
function statusColumns(status: string): Partial<NewQuoteRow> {
  const offer = (validUntil: string) => ({
    offerPriceCents: 1200,
    offerValidUntil: validUntil,
    offeredAt: new Date('2030-03-02T00:00:00Z'),
  });
  switch (status) {
    case 'offered':
      return { status: 'offered', ...offer('2030-12-31') };
    case 'expired':
      return { status: 'offered', ...offer('2030-03-09') };
    case 'accepted':
      return { status: 'accepted', ...offer('2030-12-31'), closedAt: NOW };
    case 'refused':
      return { status: 'refused', declineReason: 'Not this year.', closedAt: NOW };
    default:
      return { status: 'requested' };
  }
}

const STATUSES = ['requested', 'offered', 'expired', 'accepted', 'refused'];

/** The n-th time of a seeded row: one a day back from the moment, every third one at it. */
function timeOf(n: number): Date {
  return n % 3 === 0 ? MOMENT : new Date(MOMENT.getTime() - (n + 1) * 86_400_000);
}

/** `count` quotes of one tool of `account`'s, of every status in turn, several of one moment. */
async function seedQuotes(app: App, account: TestAccount, tool: ToolRow, count: number) {
  for (let n = 0; n < count; n += 1) {
    await insertQuote(app.database.db, {
      userId: account.userId,
      email: account.email,
      toolId: tool.id,
      toolName: tool.name,
      toolImage: tool.image,
      quantity: 100 + n,
      neededBy: '2030-12-31',
      requestedAt: timeOf(n),
      ...statusColumns(STATUSES[n % STATUSES.length]!),
    });
  }
}

/** `count` requests of two lines of `account`'s, as seedQuotes. */
async function seedRequests(app: App, account: TestAccount, tools: ToolRow[], count: number) {
  for (let n = 0; n < count; n += 1) {
    const columns = statusColumns(STATUSES[(n + 1) % STATUSES.length]!);
    await app.database.db.transaction((tx) =>
      insertQuoteRequest(
        tx,
        { userId: account.userId, requestedAt: timeOf(n) },
        tools.map((tool) => ({
          email: account.email,
          toolId: tool.id,
          toolName: tool.name,
          toolImage: tool.image,
          quantity: 50 + n,
          neededBy: '2030-12-31',
          ...columns,
        })),
      ),
    );
  }
}

const PATHS = {
  ownQuotes: '/api/quotes/page',
  ownRequests: '/api/quoteRequests/page',
  allQuotes: '/api/manageQuotes/page',
  allRequests: '/api/manageQuoteRequests/page',
} as const;

type Page = { rows: { _id: string }[]; total: number; next: string | null };

async function pageOf(
  app: App,
  account: TestAccount,
  path: keyof typeof PATHS,
  query: string,
): Promise<Page> {
  const response = await injectAs(app, account, { url: `${PATHS[path]}?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  switch (path) {
    case 'ownQuotes': {
      const page = MyQuotesPageSchema.parse(body);
      return { ...page, rows: page.quotes };
    }
    case 'allQuotes': {
      const page = ManagedQuotesPageSchema.parse(body);
      return { ...page, rows: page.quotes };
    }
    case 'ownRequests': {
      const page = MyQuoteRequestsPageSchema.parse(body);
      return { ...page, rows: page.requests };
    }
    case 'allRequests': {
      const page = ManagedQuoteRequestsPageSchema.parse(body);
      return { ...page, rows: page.requests };
    }
  }
}

/** Every page of `pageSize` from the first, as walkPages checks them: the rows walked. */
async function walk(app: App, account: TestAccount, path: keyof typeof PATHS, pageSize: number) {
  const walked = await walkPages({
    pageSize,
    fetchPage: (after) => pageOf(app, account, path, withAfter(`pageSize=${pageSize}`, after)),
    rowsOf: (page) => page.rows,
    idOf: (row) => row._id,
  });
  return walked.rows;
}

describe('the quote lists a page at a time (issue 43)', () => {
  it('walks every quote and request once, in the whole lists order, at any page size', async ({
    app,
    customer,
    otherCustomer,
    admin,
  }) => {
    const tools = [await createTestTool(app), await createTestTool(app)];
    await seedQuotes(app, customer, tools[0]!, 11);
    await seedQuotes(app, otherCustomer, tools[1]!, 4);
    await seedRequests(app, customer, tools, 7);
    await seedRequests(app, otherCustomer, tools, 3);

    const wholes = {
      ownQuotes: await listOwnQuotes(app, customer),
      ownRequests: await listOwnQuoteRequests(app, customer),
      allQuotes: await listAllQuotes(app, admin),
      allRequests: await listAllQuoteRequests(app, admin),
    };
    expect(wholes.ownQuotes).toHaveLength(11);
    expect(wholes.ownRequests).toHaveLength(7);
    expect(wholes.allQuotes).toHaveLength(15);
    expect(wholes.allRequests).toHaveLength(10);
    // The admins' order is grouped: every status of the seed is there, open ones first.
    expect(new Set(wholes.allQuotes.map((quote) => quote.status))).toEqual(
      new Set(['requested', 'offered', 'expired', 'accepted', 'refused']),
    );

    for (const path of Object.keys(PATHS) as (keyof typeof PATHS)[]) {
      const whole = wholes[path];
      for (const pageSize of [1, 3, 7, 100]) {
        const walked = await walk(app, path.startsWith('all') ? admin : customer, path, pageSize);
        // No gap, no repeat, the whole list's order and fields.
        expect(walked, `${path}, pageSize ${pageSize}`).toEqual(whole);
      }
      const first = await pageOf(app, path.startsWith('all') ? admin : customer, path, '');
      expect(first).toMatchObject({ total: whole.length, next: null });
    }

    // The other customer's own pages hold theirs only.
    const theirs = await walk(app, otherCustomer, 'ownQuotes', 2);
    expect(theirs).toEqual(await listOwnQuotes(app, otherCustomer));
    expect(theirs).toHaveLength(4);
    expect((await pageOf(app, otherCustomer, 'ownRequests', '')).total).toBe(3);
  });

  it("never shows another buyer's quotes, whatever cursor is sent", async ({
    app,
    customer,
    otherCustomer,
  }) => {
    const tool = await createTestTool(app);
    await seedQuotes(app, otherCustomer, tool, 3);
    // A cursor made of the other buyer's quote: its time and id.
    const [theirs] = await listOwnQuotes(app, otherCustomer);
    const after = `${theirs!.requestedAt.replace('Z', '000Z')}_${theirs!._id}`;
    const own = {
      ownQuotes: new Set((await listOwnQuotes(app, customer)).map((quote) => quote._id)),
      ownRequests: new Set((await listOwnQuoteRequests(app, customer)).map((r) => r._id)),
    };
    for (const path of ['ownQuotes', 'ownRequests'] as const) {
      const page = await pageOf(
        app,
        customer,
        path,
        `after=${encodeURIComponent(after)}&pageSize=100`,
      );
      expect(page.rows.map((row) => row._id)).not.toContain(theirs!._id);
      expect(page.rows.every((row) => own[path].has(row._id))).toBe(true);
      expect(page.total).toBe(own[path].size);
    }
  });

  it('refuses a bad `after` or page size in words (400), the wrong caller 401 or 403', async ({
    app,
    customer,
    admin,
  }) => {
    const cursor = '2030-03-01T00:00:00.000000Z_3f1e6a52-8a7c-4d1f-9a55-0d3c1e2b4a10';
    const own = texts.quotes.badPageCursor;
    const managed = texts.manageQuotes.badPageCursor;
    const cases: [keyof typeof PATHS, TestAccount, string, string][] = [];
    for (const path of ['ownQuotes', 'ownRequests'] as const) {
      for (const after of [
        'yesterday',
        '',
        '2026-13-45T00:00:00.000000Z_3f1e6a52-8a7c-4d1f-9a55-0d3c1e2b4a10',
        '2030-03-01T00:00:00.000Z_3f1e6a52-8a7c-4d1f-9a55-0d3c1e2b4a10',
        `offered~${cursor}`,
      ]) {
        cases.push([path, customer, after, own]);
      }
    }
    for (const path of ['allQuotes', 'allRequests'] as const) {
      for (const after of [
        cursor,
        `open~${cursor}`,
        `offered~`,
        `offered~2026-13-45T00:00:00.000000Z_3f1e6a52-8a7c-4d1f-9a55-0d3c1e2b4a10`,
        `~${cursor}`,
        '',
      ]) {
        cases.push([path, admin, after, managed]);
      }
    }
    for (const [path, account, after, words] of cases) {
      const response = await injectAs(app, account, {
        url: `${PATHS[path]}?after=${encodeURIComponent(after)}`,
      });
      expectError(response, 400, words);
    }
    for (const path of Object.keys(PATHS) as (keyof typeof PATHS)[]) {
      for (const pageSize of ['0', '101', 'ten']) {
        const response = await injectAs(app, admin, {
          url: `${PATHS[path]}?pageSize=${pageSize}`,
        });
        expect(response.statusCode, `${path} ${pageSize}`).toBe(400);
        expect(response.json().message).toMatch(/pageSize/);
      }
      expect((await injectAs(app, undefined, { url: PATHS[path] })).statusCode).toBe(401);
    }
    for (const path of ['allQuotes', 'allRequests'] as const) {
      expect((await injectAs(app, customer, { url: PATHS[path] })).statusCode).toBe(403);
    }
    // A cursor of the right shape starts there, in its group.
    const fromOffered = await pageOf(app, admin, 'allQuotes', `after=offered~${cursor}`);
    expect(fromOffered.rows.every((row) => row._id)).toBe(true);
  });
});
