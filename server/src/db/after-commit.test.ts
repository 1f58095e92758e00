import { sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { describe, expect } from 'vitest';
import type { TestDatabase } from '../testing/test-database.ts';
import { it } from '../testing/app-fixtures.ts';
import { afterCommit } from './after-commit.ts';
import type { DatabaseHandle, Executor } from './client.ts';

/**
 * afterCommit on the databases openDatabase makes (the outbox wakes its worker with it): a job
 * runs once its transaction committed, with what it wrote readable from another connection (on
 * PostgreSQL a job run before the commit would read nothing there), never after a rollback, and
 * a savepoint's job waits for the outermost commit.
 */
describe('afterCommit', () => {
  let opened: Promise<{ writer: DatabaseHandle; reader: DatabaseHandle }> | undefined;
  /** Two handles on the file's database (two pools on PostgreSQL), and the table they write. */
  const handles = (database: TestDatabase) =>
    (opened ??= (async () => {
      const [writer, reader] = [await database.connect(), await database.connect()];
      await writer.db.execute(sql`create table after_commit_notes (note text not null)`);
      return { writer, reader };
    })());

  /** The table this file writes (created on its own database). */
  const afterCommitNotes = pgTable('after_commit_notes', { note: text('note').notNull() });
  const notes = async (handle: DatabaseHandle) =>
    (await handle.db.select().from(afterCommitNotes)).map((row) => row.note);
  const write = (executor: Executor, note: string) =>
    executor.insert(afterCommitNotes).values({ note });

  it('runs a job after its transaction commits, when another connection reads its rows', async ({
    database,
  }) => {
    const { writer, reader } = await handles(database);
    const seen: Promise<string[]>[] = [];
    const steps: string[] = [];
    await writer.db.transaction(async (tx) => {
      await write(tx, 'committed');
      afterCommit(tx, () => {
        steps.push('job');
        seen.push(notes(reader));
      });
      steps.push('statements done');
    });
    expect(steps).toEqual(['statements done', 'job']);
    expect(await Promise.all(seen)).toEqual([['committed']]);
  });

  it('never runs the job of a transaction that rolls back', async ({ database }) => {
    const { writer, reader } = await handles(database);
    let ran = false;
    const rolledBack = writer.db.transaction(async (tx) => {
      await write(tx, 'rolled back');
      afterCommit(tx, () => {
        ran = true;
      });
      throw new Error('rolled back (test)');
    });
    await expect(rolledBack).rejects.toThrow('rolled back (test)');
    expect(ran).toBe(false);
    expect(await notes(reader)).not.toContain('rolled back');
  });

  it("runs a savepoint's job at the outermost commit, and the database's at once", async ({
    database,
  }) => {
    const { writer, reader } = await handles(database);
    const steps: string[] = [];
    await writer.db.transaction(async (tx) => {
      await tx.transaction(async (savepoint) => {
        await write(savepoint, 'in a savepoint');
        afterCommit(savepoint, () => steps.push('savepoint job'));
      });
      steps.push('savepoint released');
      afterCommit(tx, () => steps.push('outer job'));
    });
    expect(steps).toEqual(['savepoint released', 'savepoint job', 'outer job']);

    await write(writer.db, 'no transaction');
    afterCommit(writer.db, () => steps.push('database job'));
    expect(steps.at(-1)).toBe('database job');
    expect(await notes(reader)).toEqual(
      expect.arrayContaining(['in a savepoint', 'no transaction']),
    );
  });

  it('never runs the job of a savepoint that rolls back, even when the outer transaction commits', async ({
    database,
  }) => {
    const { writer, reader } = await handles(database);
    const steps: string[] = [];
    await writer.db.transaction(async (tx) => {
      const refused = tx.transaction(async (savepoint) => {
        await write(savepoint, 'savepoint rolled back');
        afterCommit(savepoint, () => steps.push('rolled-back savepoint job'));
        await savepoint.transaction(async (inner) => {
          afterCommit(inner, () => steps.push('job of a savepoint inside it'));
        });
        throw new Error('savepoint refused (test)');
      });
      await expect(refused).rejects.toThrow('savepoint refused (test)');
      afterCommit(tx, () => steps.push('outer job'));
    });
    expect(steps).toEqual(['outer job']);
    expect(await notes(reader)).not.toContain('savepoint rolled back');
  });
});
