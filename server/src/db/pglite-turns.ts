import type { PGlite } from '@electric-sql/pglite';

/** Resolves in a later turn of the event loop: after its poll for I/O (setImmediate's phase). */
const laterTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The PGlite client Drizzle is given, taking its queries and transactions one at a time with a
 * turn of the event loop between two of them (decision 022, part 6).
 *
 * PGlite runs each statement synchronously, in WebAssembly, and answers through a promise: the
 * next statement of a transaction, and the next transaction waiting on PGlite's own lock, start
 * from the microtask that answered the last. Under a rush of orders the queue behind that lock
 * was drained in one go, and the event loop polled for I/O only once it was empty: a client's new
 * connection was accepted, and its request read, one per drain. At the start of a load of 50
 * connections, the 50th waited 6 s for its first answer while the first few were served in
 * milliseconds (the order row's p99). Here the next query or transaction starts from
 * setImmediate, after the loop has polled: connections and requests are taken in as they come,
 * and wait their turn behind the ones already in line (first come, first served).
 *
 * Only the client's own query() and transaction() take turns: the statements inside a
 * transaction run back to back, as before (its callback is given PGlite's own transaction
 * object). A top-level query from inside a transaction would wait for that transaction to end,
 * as it already did on PGlite's lock.
 */
export function takingTurns(client: PGlite): PGlite {
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = <R>(job: () => Promise<R>): Promise<R> => {
    const turn = last.then(laterTurn).then(job);
    last = turn.catch(() => undefined);
    return turn;
  };
  return new Proxy(client, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property, object);
      if (property === 'query' || property === 'transaction') {
        const method = value as (...args: unknown[]) => Promise<unknown>;
        return (...args: unknown[]) => inTurn(() => method.apply(object, args));
      }
      return typeof value === 'function' ? (value as () => unknown).bind(object) : value;
    },
  });
}
