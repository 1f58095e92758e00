import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { tools } from './tools.table.ts';

export type ToolRow = typeof tools.$inferSelect;
export type NewToolRow = typeof tools.$inferInsert;

/** The tools on sale (not archived), oldest first, as the catalog lists them. */
export function selectLiveTools(executor: Executor): Promise<ToolRow[]> {
  return executor
    .select()
    .from(tools)
    .where(isNull(tools.archivedAt))
    .orderBy(asc(tools.createdAt), asc(tools.name));
}

export async function selectToolById(executor: Executor, id: string): Promise<ToolRow | undefined> {
  const [row] = await executor.select().from(tools).where(eq(tools.id, id));
  return row;
}

export async function countAllTools(executor: Executor): Promise<number> {
  const [row] = await executor.select({ count: sql<number>`count(*)::int` }).from(tools);
  return row?.count ?? 0;
}

export async function insertTool(executor: Executor, values: NewToolRow): Promise<ToolRow> {
  const [row] = await executor.insert(tools).values(values).returning();
  if (!row) throw new Error('insert into tools returned no row');
  return row;
}

/** Archives a live tool; resolves to the number of tools archived (0 or 1). */
export async function archiveToolById(executor: Executor, id: string): Promise<number> {
  const archived = await executor
    .update(tools)
    .set({ archivedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(tools.id, id), isNull(tools.archivedAt)))
    .returning({ id: tools.id });
  return archived.length;
}
