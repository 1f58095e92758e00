import { desc } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { contactMessages } from './contact.table.ts';

export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type NewContactMessageRow = typeof contactMessages.$inferInsert;

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
