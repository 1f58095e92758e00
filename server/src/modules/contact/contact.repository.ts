import { MANAGED_MESSAGES_COUNT_CAP, type MessageFolder } from '@tools-factory/contract';
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { cappedCount, cappedCountQuery, type CappedCount } from '../../db/capped-count.ts';
import type { Executor } from '../../db/client.ts';
import {
  cursorTime,
  keysetPage,
  keysetPageLimit,
  pastCursor,
  type KeysetCursor,
} from '../../db/keyset-cursor.ts';
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

/**
 * The messages of a folder: the inbox (not archived) or the archive, each the predicate of its
 * partial index (contact_messages_inbox_created_at_id_idx, ..._archive_...).
 */
function inFolder(folder: MessageFolder): SQL {
  return folder === 'archive'
    ? isNotNull(contactMessages.archivedAt)
    : isNull(contactMessages.archivedAt);
}

/**
 * A page of a folder's messages, newest first, and the message after it (keysetPage): read
 * backwards off the folder's index from `after`, never a sort of the folder. Apart, so that a
 * test reads its plan.
 */
export function messagesPageQuery(
  executor: Executor,
  page: { folder: MessageFolder; limit: number; after?: KeysetCursor | undefined },
) {
  const { after } = page;
  return executor
    .select({ message: contactMessages, cursorDate: cursorTime(contactMessages.createdAt) })
    .from(contactMessages)
    .where(
      and(
        inFolder(page.folder),
        after
          ? pastCursor(contactMessages.createdAt, contactMessages.id, '<', after, 'uuid')
          : undefined,
      ),
    )
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(keysetPageLimit(page.limit));
}

/** How many messages a folder holds, `cap` at most (cappedCountQuery), counted off its index. */
export function folderCountQuery(executor: Executor, folder: MessageFolder, cap: number) {
  return cappedCountQuery(executor, contactMessages, inFolder(folder), cap);
}

/**
 * One page of a folder, how many messages each folder holds (up to `countCap`:
 * MANAGED_MESSAGES_COUNT_CAP unless a test says), and where the next page starts.
 */
export async function selectMessagesPage(
  executor: Executor,
  page: {
    folder: MessageFolder;
    limit: number;
    after?: KeysetCursor | undefined;
    countCap?: number;
  },
): Promise<{
  rows: ContactMessageRow[];
  counts: Record<MessageFolder, CappedCount>;
  next: KeysetCursor | undefined;
}> {
  const cap = page.countCap ?? MANAGED_MESSAGES_COUNT_CAP;
  const [found, [inbox], [archive]] = await Promise.all([
    messagesPageQuery(executor, page),
    folderCountQuery(executor, 'inbox', cap),
    folderCountQuery(executor, 'archive', cap),
  ]);
  const { rows, next } = keysetPage(found, page.limit, (last) => ({
    createdAt: last.cursorDate,
    id: last.message.id,
  }));
  return {
    rows: rows.map(({ message }) => message),
    counts: {
      inbox: cappedCount(inbox?.counted ?? 0, cap),
      archive: cappedCount(archive?.counted ?? 0, cap),
    },
    next,
  };
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
