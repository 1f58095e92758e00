import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { contactMessages, contactReplies } from './contact.table.ts';

export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type NewContactMessageRow = typeof contactMessages.$inferInsert;
export type ContactReplyRow = typeof contactReplies.$inferSelect;

export async function insertContactMessage(
  executor: Executor,
  values: NewContactMessageRow,
): Promise<ContactMessageRow> {
  const [row] = await executor.insert(contactMessages).values(values).returning();
  if (!row) throw new Error('insert into contact_messages returned no row');
  return row;
}

/** Every message, newest first. */
export function selectContactMessagesNewestFirst(executor: Executor): Promise<ContactMessageRow[]> {
  return executor
    .select()
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id));
}

/** The replies to these messages, oldest first. */
export function selectRepliesOf(
  executor: Executor,
  messageIds: readonly string[],
): Promise<ContactReplyRow[]> {
  if (messageIds.length === 0) return Promise.resolve([]);
  return executor
    .select()
    .from(contactReplies)
    .where(inArray(contactReplies.messageId, [...messageIds]))
    .orderBy(asc(contactReplies.createdAt), asc(contactReplies.id));
}

/**
 * A message marked read or unread, archived or back in the inbox (each only when given); the
 * moment kept is the first (marking an archived message archived again keeps its date).
 * Undefined when no message has this id.
 */
export async function updateMessageState(
  executor: Executor,
  id: string,
  state: { read?: boolean | undefined; archived?: boolean | undefined },
): Promise<ContactMessageRow | undefined> {
  const stamp = (column: typeof contactMessages.readAt, on: boolean) =>
    on ? sql`coalesce(${column}, now())` : sql`null`;
  const [row] = await executor
    .update(contactMessages)
    .set({
      ...(state.read === undefined ? {} : { readAt: stamp(contactMessages.readAt, state.read) }),
      ...(state.archived === undefined
        ? {}
        : { archivedAt: stamp(contactMessages.archivedAt, state.archived) }),
    })
    .where(eq(contactMessages.id, id))
    .returning();
  return row;
}

/** A reply, kept with its message. */
export async function insertContactReply(
  executor: Executor,
  values: typeof contactReplies.$inferInsert,
): Promise<ContactReplyRow> {
  const [row] = await executor.insert(contactReplies).values(values).returning();
  if (!row) throw new Error('insert into contact_replies returned no row');
  return row;
}
