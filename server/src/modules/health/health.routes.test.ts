import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { createTestDatabase } from '../../testing/test-database.ts';

describe('GET /api/health and GET /api/ready', () => {
  it('answers that the process is up and the database reachable', async () => {
    const app = await buildTestApp();
    try {
      const health = await app.inject('/api/health');
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok' });
      const ready = await app.inject('/api/ready');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready', database: 'up' });
    } finally {
      await app.close();
    }
  });

  it('answers 503 on /api/ready (and still 200 on /api/health) when the database is gone', async () => {
    const database = await createTestDatabase();
    const app = await buildTestApp({ database: await database.connect() });
    try {
      await database.destroy();
      const ready = await app.inject('/api/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ message: 'Database unavailable', statusCode: 503 });
      expect((await app.inject('/api/health')).statusCode).toBe(200);
      // The catalog keeps being served from its snapshot meanwhile.
      expect((await app.inject('/api/parts')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
