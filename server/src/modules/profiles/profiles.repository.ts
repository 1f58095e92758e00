import { eq, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client.ts';
import { profiles } from './profiles.table.ts';

export type ProfileRow = typeof profiles.$inferSelect;
export type NewProfileRow = typeof profiles.$inferInsert;
/** What an edit may change: everything but the owner and the timestamps. */
export type ProfileChanges = Pick<
  NewProfileRow,
  'name' | 'email' | 'education' | 'city' | 'phone' | 'linkedin'
>;

/**
 * Inserts a user's profile. The user id is the primary key: a second profile for the same user
 * is refused by the database with a unique violation (the caller turns it into a 409), even when
 * two arrive at once.
 */
export async function insertProfile(
  executor: Executor,
  values: NewProfileRow,
): Promise<ProfileRow> {
  const [row] = await executor.insert(profiles).values(values).returning();
  if (!row) throw new Error('insert into profiles returned no row');
  return row;
}

export async function selectProfileOfUser(
  executor: Executor,
  userId: string,
): Promise<ProfileRow | undefined> {
  const [row] = await executor.select().from(profiles).where(eq(profiles.userId, userId));
  return row;
}

/** A user's profile, locked until the transaction ends, so an edit compares and writes as one. */
export async function selectProfileOfUserForUpdate(
  tx: Transaction,
  userId: string,
): Promise<ProfileRow | undefined> {
  const [row] = await tx.select().from(profiles).where(eq(profiles.userId, userId)).for('update');
  return row;
}

export async function updateProfileOfUser(
  executor: Executor,
  userId: string,
  changes: ProfileChanges,
): Promise<number> {
  const updated = await executor
    .update(profiles)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(profiles.userId, userId))
    .returning({ userId: profiles.userId });
  return updated.length;
}
