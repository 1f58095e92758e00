import { connect, createServer, type Server, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { suiteDatabaseHandle } from '../testing/suite-database.ts';

/**
 * The event loop polls for I/O while a queue of transactions runs (db/pglite-turns.ts): on
 * PGlite, whose statements answer from microtasks, the whole queue used to run before the loop
 * took in a new connection. On PostgreSQL every statement is a socket's I/O, so it holds there
 * by itself.
 */
describe('a queue of transactions leaves the event loop its turns', () => {
  const handle = suiteDatabaseHandle();

  /** `count` transactions of a few statements each, all asked for at once. */
  function queueTransactions(count: number, done: number[]): Promise<void[]> {
    return Promise.all(
      Array.from({ length: count }, (_, index) =>
        handle().db.transaction(async (tx) => {
          await tx.execute(sql`select ${index}::int as n`);
          await tx.execute(sql`select count(*) from pg_class`);
          done.push(index);
        }),
      ),
    );
  }

  it('runs a setImmediate callback before the queue has ended', async () => {
    const done: number[] = [];
    const queue = queueTransactions(60, done);
    const seen = new Promise<number>((resolve) => setImmediate(() => resolve(done.length)));
    await queue;
    expect(done).toHaveLength(60);
    expect(await seen).toBeLessThan(60);
  });

  it('accepts a new connection and reads what it sent while the queue runs', async () => {
    const server: Server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const done: number[] = [];
    const sockets: Socket[] = [];
    server.on('connection', (socket) => sockets.push(socket));
    let client: Socket | undefined;
    try {
      // The client connects and writes first; then the queue is asked for, all of it at once.
      const received = new Promise<number>((resolve) => {
        server.once('connection', (socket) => socket.once('data', () => resolve(done.length)));
      });
      client = connect(port, '127.0.0.1');
      await new Promise<void>((resolve) => client?.once('connect', resolve));
      client.write('hello');
      await queueTransactions(200, done);
      // What had run when the server heard the client: well short of the whole queue.
      const heardAfter = await Promise.race([received, sleep(2_000).then(() => 'never')]);
      expect(heardAfter).toBeLessThan(200);
    } finally {
      client?.destroy();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
