import { AsyncLocalStorage } from 'node:async_hooks';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { sessions, users } from './identity.table.ts';

/**
 * No session outlives a password change that finished after its sign-in began.
 *
 * The account's password version is bumped by every password change, after the new hash is
 * written. A sign-in reads the version when it begins, before Better Auth reads the hash, and
 * its session carries that version. So a sign-in that read the old hash carries the old version,
 * whenever its session is written: the session hook refuses it when the change has already
 * happened, the database refuses it when the change commits between that check and the insert
 * (a trigger on sessions compares the versions under a share lock on the account's row, which
 * the bump's update waits for and takes after), and the bump deletes every session of an older
 * version in its own transaction. The bearer guard and the identity session's check compare the
 * two versions on every use as well.
 */
/** What migration 0014's trigger raises for such a session (a SQLSTATE of our own). */
export const PASSWORD_CHANGED_SQLSTATE = 'TFPW1';

type SignIn = { passwordVersion: number | undefined };

const signInStarts = new AsyncLocalStorage<SignIn>();

/** Runs `signIn` (a Better Auth call that may write a session) with the version it begins with. */
export async function withSignInStart<T>(
  db: Executor,
  email: string | undefined,
  signIn: () => Promise<T>,
): Promise<T> {
  const passwordVersion = email === undefined ? undefined : await passwordVersionOfEmail(db, email);
  return signInStarts.run({ passwordVersion }, signIn);
}

async function passwordVersionOfEmail(db: Executor, email: string): Promise<number | undefined> {
  const [row] = await db
    .select({ passwordVersion: users.passwordVersion })
    .from(users)
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  return row?.passwordVersion;
}

export async function currentPasswordVersion(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ passwordVersion: users.passwordVersion })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.passwordVersion ?? 0;
}

/**
 * The version a session about to be written for `userId` must carry: the one its sign-in began
 * with, or the current one where the call that writes it did not begin as a sign-in of an
 * existing account (a sign-up, Google's way back). `stale` when the password changed since the
 * sign-in began: no session may be written.
 */
export async function sessionPasswordVersion(
  db: Executor,
  userId: string,
): Promise<number | 'stale'> {
  const current = await currentPasswordVersion(db, userId);
  const began = signInStarts.getStore()?.passwordVersion;
  if (began === undefined) return current;
  return began === current ? began : 'stale';
}

/**
 * After a password change: one version on, and every session of an older one ended, in one
 * transaction (`also` runs in it: the other reset links end, an ADMIN_EMAILS owner gains the role).
 */
export async function bumpPasswordVersion(
  db: Database,
  userId: string,
  also?: (tx: Executor) => Promise<unknown>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ passwordVersion: sql`${users.passwordVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ passwordVersion: users.passwordVersion });
    if (!row) return;
    await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.passwordVersion, row.passwordVersion)));
    await also?.(tx);
  });
}
