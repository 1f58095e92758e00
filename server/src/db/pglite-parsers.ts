import { types, type PGlite } from '@electric-sql/pglite';

/**
 * The types Drizzle's PGlite driver asks to receive as PostgreSQL's text (its columns map them):
 * timestamps, dates, intervals, and arrays of numerics, timestamps, intervals and dates.
 */
export const DRIZZLE_TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231,
  1115,
  1185,
  1187,
  1182,
];
const drizzleTextTypes = new Set(DRIZZLE_TEXT_TYPES.map(String));

const asText = (value: string) => value;

type QueryOptions = { parsers?: Record<string, unknown> } & Record<string, unknown>;
type Queryable = { query: (...args: never[]) => Promise<unknown> };

/** The options without Drizzle's parsers, when they are only those (the instance has them). */
function withoutDrizzleParsers(options: unknown): unknown {
  const parsers = (options as QueryOptions | undefined)?.parsers;
  if (!parsers || !Object.keys(parsers).every((type) => drizzleTextTypes.has(type))) {
    return options;
  }
  const { parsers: _installed, ...rest } = options as QueryOptions;
  return rest;
}

/** `target` whose query() drops Drizzle's parsers; every other member as it is (bound). */
function droppingParsers<T extends object>(target: T, wrapTransaction: boolean): T {
  return new Proxy(target, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property, object);
      if (property === 'query') {
        const query = value as Queryable['query'];
        return (text: string, params?: unknown[], options?: unknown) =>
          (query as (...args: unknown[]) => Promise<unknown>).call(
            object,
            text,
            params,
            withoutDrizzleParsers(options),
          );
      }
      if (wrapTransaction && property === 'transaction') {
        return <R>(callback: (tx: object) => Promise<R>) =>
          (object as unknown as PGlite).transaction((tx) =>
            callback(droppingParsers(tx as object, false)),
          );
      }
      // PGlite's methods use its private fields: called on the instance, not on this proxy.
      return typeof value === 'function' ? (value as () => unknown).bind(object) : value;
    },
  });
}

/**
 * The PGlite client Drizzle is given. Drizzle's driver passes its parsers with every query, and
 * PGlite then copies its own 318 parsers with them into a new object for each result: 125 µs a
 * query on this machine, half again a small query's whole cost, and an order runs a dozen
 * (decision 022, part 2). Here Drizzle's parsers are installed on the instance once and dropped
 * from each query's options, in the transactions too: the same results, without the copy. The
 * instance is the server's own (or a test's, through openDatabase alone): nothing else queries
 * it expecting PGlite's Date objects for these types.
 */
export function pgliteForDrizzle(client: PGlite): PGlite {
  for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = asText;
  return droppingParsers(client, true);
}
