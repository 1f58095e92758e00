import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { MANAGED_QUOTE_GROUPS, type ManagedQuoteGroup } from '@tools-factory/contract';
import type { Executor } from '../../db/client.ts';
import {
  cursorTime,
  keysetPage,
  keysetPageLimit,
  pastCursor,
  type KeysetCursor,
} from '../../db/keyset-cursor.ts';
import type { QuoteRow } from './quotes.repository.ts';
import { quotes } from './quotes.table.ts';

/*
 * The quote lists a page at a time (issue 43, docs/decisions/055), newest first, each page
 * starting where the page before ended. A quote of one tool is its own row (request_id null);
 * a request of several lines is read by its first line, whose (requested_at, request_id) are
 * the request's. Each page query is apart, so that server/src/db/indexes.test.ts reads its plan.
 * The conditions that partial indexes answer are written as literals (not parameters): a
 * generic plan of a prepared statement still proves them.
 */

/** Quotes of one tool, or requests of several lines. */
export type QuoteListKind = 'single' | 'request';

/** The rows a list reads (its heads), and the id that keys it after the time. */
const LISTS = {
  single: { scope: sql`${quotes.requestId} is null`, key: quotes.id },
  request: { scope: sql`${quotes.lineNumber} = 1`, key: quotes.requestId },
} as const;

/** One list's page: the keys in the list's order, and where the next page starts. */
export type QuoteKeysPage<Cursor = KeysetCursor> = {
  keys: string[];
  next: Cursor | undefined;
};

/** Where a page of the admins' Quotes ended: the group it was in and its last row. */
export type GroupedCursor = KeysetCursor & { group: ManagedQuoteGroup };

type PageBounds = { limit: number; after?: KeysetCursor | undefined };

/**
 * A page of the heads in `where`, newest first, after `after`, and the head after it
 * (keysetPage).
 */
function headsPageQuery(executor: Executor, kind: QuoteListKind, where: SQL, page: PageBounds) {
  const { scope, key } = LISTS[kind];
  return executor
    .select({ key: sql<string>`${key}::text`, cursorDate: cursorTime(quotes.requestedAt) })
    .from(quotes)
    .where(
      and(
        scope,
        where,
        page.after ? pastCursor(quotes.requestedAt, key, '<', page.after, 'uuid') : undefined,
      ),
    )
    .orderBy(desc(quotes.requestedAt), desc(key))
    .limit(keysetPageLimit(page.limit));
}

/** A buyer's page (My Quotes): off quotes_single_user_requested_at_idx or its request twin. */
export function ownQuotesPageQuery(
  executor: Executor,
  kind: QuoteListKind,
  userId: string,
  page: PageBounds,
) {
  return headsPageQuery(executor, kind, eq(quotes.userId, userId), page);
}

/**
 * The rows of one of the admins' groups (the status people see, with `today`'s expiry): the open
 * ones off the partial status index, the rest (most rows) off the time index.
 */
function groupCondition(group: ManagedQuoteGroup, today: string): SQL {
  switch (group) {
    case 'requested':
      return sql`${quotes.status} = 'requested'`;
    case 'offered':
      return sql`${quotes.status} = 'offered' and (${quotes.offerValidUntil} is null or ${quotes.offerValidUntil} >= ${today})`;
    case 'other':
      return sql`(${quotes.status} not in ('requested', 'offered') or (${quotes.status} = 'offered' and ${quotes.offerValidUntil} < ${today}))`;
  }
}

/** A page of one of the admins' groups (Quotes). */
export function managedQuotesPageQuery(
  executor: Executor,
  kind: QuoteListKind,
  group: ManagedQuoteGroup,
  today: string,
  page: PageBounds,
) {
  return headsPageQuery(executor, kind, groupCondition(group, today), page);
}

/** A buyer's page of keys, newest first. */
export async function selectOwnQuoteKeys(
  executor: Executor,
  kind: QuoteListKind,
  userId: string,
  page: PageBounds,
): Promise<QuoteKeysPage> {
  const { rows, next } = keysetPage(
    await ownQuotesPageQuery(executor, kind, userId, page),
    page.limit,
    (last) => ({ createdAt: last.cursorDate, id: last.key }),
  );
  return { keys: rows.map((row) => row.key), next };
}

/**
 * The admins' page of keys: the groups one after the other (requested, offered, the rest),
 * newest first within each, from the group and row the page before ended on. A page that ends
 * a group goes on into the next.
 */
export async function selectManagedQuoteKeys(
  executor: Executor,
  kind: QuoteListKind,
  today: string,
  page: { limit: number; after?: GroupedCursor | undefined },
): Promise<QuoteKeysPage<GroupedCursor>> {
  const found: { key: string; cursorDate: string; group: ManagedQuoteGroup }[] = [];
  let after: KeysetCursor | undefined = page.after;
  for (const group of MANAGED_QUOTE_GROUPS.slice(
    page.after ? MANAGED_QUOTE_GROUPS.indexOf(page.after.group) : 0,
  )) {
    if (found.length > page.limit) break;
    const rows = await managedQuotesPageQuery(executor, kind, group, today, {
      limit: page.limit - found.length,
      after,
    });
    found.push(...rows.map((row) => ({ ...row, group })));
    after = undefined;
  }
  const { rows, next } = keysetPage(found, page.limit, (last) => ({
    createdAt: last.cursorDate,
    id: last.key,
    group: last.group,
  }));
  return { keys: rows.map((row) => row.key), next };
}

/** How many quotes (or requests) the list holds: a buyer's own, or every one. Apart for its plan. */
export function countQuoteHeadsQuery(executor: Executor, kind: QuoteListKind, userId?: string) {
  return executor
    .select({ total: sql<number>`count(*)::int` })
    .from(quotes)
    .where(and(LISTS[kind].scope, userId === undefined ? undefined : eq(quotes.userId, userId)));
}

export async function countQuoteHeads(
  executor: Executor,
  kind: QuoteListKind,
  userId?: string,
): Promise<number> {
  const [row] = await countQuoteHeadsQuery(executor, kind, userId);
  return row?.total ?? 0;
}

/**
 * The rows of a page's keys: the quotes of one tool, or every line of the requests (each
 * request's in its order), in no particular order of keys (the page's order is its keys').
 */
export function selectRowsOfKeys(
  executor: Executor,
  kind: QuoteListKind,
  keys: readonly string[],
): Promise<QuoteRow[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return executor
    .select()
    .from(quotes)
    .where(
      kind === 'single'
        ? and(sql`${quotes.requestId} is null`, inArray(quotes.id, [...keys]))
        : inArray(quotes.requestId, [...keys]),
    )
    .orderBy(asc(quotes.requestId), asc(quotes.lineNumber));
}
