import { and, asc, eq, getTableColumns, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { preparedPerDatabase } from '../../db/prepared-per-database.ts';
import type { Database, Executor } from '../../db/client.ts';
import { sessions, users } from './identity.table.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import {
  cursorTime,
  keysetPage,
  keysetPageLimit,
  pastCursor,
  type KeysetCursor,
} from '../../db/keyset-cursor.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/**
 * Where the session an access token names stands: live; expired (past its end or its longest
 * life); or ended (gone: signed out everywhere, the password reset, an admin's removal of rights).
 */
export type SessionStanding = 'live' | 'expired' | 'ended';

/** The bearer guard's query, built once per database (a prepared statement, run by name). */
const userWithSession = preparedPerDatabase((db) =>
  db
    .select({
      user: getTableColumns(users),
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      createdAt: sessions.createdAt,
    })
    .from(users)
    .leftJoin(
      sessions,
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, users.id),
        // A session of an older password (password-versions.ts) is as good as gone.
        eq(sessions.passwordVersion, users.passwordVersion),
      ),
    )
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('user_with_session'),
);

/**
 * The user, and whether the identity session `sessionId` is still theirs, unexpired and begun
 * after `oldestStart` (its absolute lifetime), in one query: the bearer guard runs it on every
 * call, so a signed-out session ends its tokens at once.
 */
export async function findUserWithSession(
  db: Database,
  userId: string,
  sessionId: string,
  now: Date,
  oldestStart: Date,
): Promise<{ user: UserRow; session: SessionStanding } | undefined> {
  const [row] = await userWithSession(db).execute({ userId, sessionId });
  if (!row) return undefined;
  const live =
    row.expiresAt !== null &&
    row.createdAt !== null &&
    row.expiresAt > now &&
    row.createdAt > oldestStart;
  const session: SessionStanding = row.sessionId === null ? 'ended' : live ? 'live' : 'expired';
  return { user: row.user, session };
}

export async function updateUser(
  db: Executor,
  id: string,
  changes: Partial<Pick<UserRow, 'name' | 'role'>>,
): Promise<number> {
  const updated = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning({ id: users.id });
  return updated.length;
}

/**
 * Sets what the account's unpaid orders may come to, in cents (null: the default again);
 * resolves to the account as it is then, or undefined when no account has this id.
 */
export async function updateUnpaidHoldLimit(
  db: Executor,
  id: string,
  unpaidHoldLimitCents: number | null,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ unpaidHoldLimitCents, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** The names of these accounts (those that still exist), by id: one query however many. */
export async function selectUserNames(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map(({ id, name }) => [id, name]));
}

/** The accounts of these ids that still exist, in one query however many. */
export async function selectUsersByIds(db: Executor, ids: readonly string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
}

export async function listUsers(db: Executor): Promise<UserRow[]> {
  return db.select().from(users).orderBy(asc(users.createdAt));
}

/**
 * One page of the accounts whose name or e-mail holds `q` (any case), oldest first as GET /user
 * lists them, after `after` (keyset: (created_at, id)), and how many match.
 */
export async function searchUsers(
  db: Executor,
  search: { q?: string | undefined; limit: number; after?: KeysetCursor | undefined },
): Promise<{ rows: UserRow[]; total: number; next: KeysetCursor | undefined }> {
  const q = search.q?.trim();
  const matching = q
    ? or(ilike(users.name, containsPattern(q)), ilike(users.email, containsPattern(q)))
    : undefined;
  const [page, [counted]] = await Promise.all([
    usersPageQuery(db, matching, search),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(users)
      .where(matching),
  ]);
  const { rows, next } = keysetPage(page, search.limit, (last) => ({
    createdAt: last.cursorDate,
    id: last.user.id,
  }));
  return { rows: rows.map(({ user }) => user), total: counted?.total ?? 0, next };
}

/**
 * searchUsers' page (and the row after it): read forwards off users_created_at_id_idx from
 * `after`, never a sort of every account. Apart, so that a test reads its plan.
 */
export function usersPageQuery(
  db: Executor,
  matching: SQL | undefined,
  page: { limit: number; after?: KeysetCursor | undefined },
) {
  const { after } = page;
  return db
    .select({ user: users, cursorDate: cursorTime(users.createdAt) })
    .from(users)
    .where(
      and(matching, after ? pastCursor(users.createdAt, users.id, '>', after, 'text') : undefined),
    )
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(keysetPageLimit(page.limit));
}

/** Makes the user of this e-mail an admin unless they are one; resolves to the rows changed. */
export async function promoteUserByEmail(db: Executor, email: string): Promise<number> {
  const updated = await db
    .update(users)
    .set({ role: 'admin', updatedAt: new Date() })
    .where(and(eq(users.email, email.toLowerCase()), ne(users.role, 'admin')))
    .returning({ id: users.id });
  return updated.length;
}

/**
 * Deletes a user. The database removes what is theirs alone with them (sessions, sign-in
 * methods, profile) and keeps what the shop must keep (orders, reviews) without an owner:
 * see each table's foreign key.
 */
export async function deleteUserById(db: Executor, id: string): Promise<number> {
  const deleted = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return deleted.length;
}
