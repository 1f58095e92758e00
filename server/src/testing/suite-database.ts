import { afterAll, beforeAll } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

/**
 * For the describe block it is called in: a test database made before its tests and dropped
 * after them, and one handle on it. The answer gives that handle once the tests run.
 */
export function suiteDatabaseHandle(): () => DatabaseHandle {
  let database: TestDatabase | undefined;
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    handle = await database.connect();
  });
  afterAll(() => database?.destroy());
  return () => {
    if (!handle) throw new Error('the suite database is made before the suite runs its tests');
    return handle;
  };
}
