import { types, type PGlite, type QueryOptions as PgliteQueryOptions } from '@electric-sql/pglite';
import { namedStatements, type NamedStatements } from './pglite-statements.ts';

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

/**
 * `target` (the instance, or one of its transactions: `inTransaction`) whose query() drops
 * Drizzle's parsers and runs a statement run before as a named one (pglite-statements.ts);
 * every other member as it is (bound).
 */
function droppingParsers<T extends object>(
  target: T,
  statements: NamedStatements,
  inTransaction?: { closed: boolean },
): T {
  return new Proxy(target, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property, object);
      if (property === 'query') {
        const query = value as Queryable['query'];
        return (text: string, params?: unknown[], options?: unknown) => {
          const withoutParsers = withoutDrizzleParsers(options);
          const call = { text, params, options: withoutParsers as PgliteQueryOptions | undefined };
          return (
            statements.query(call, inTransaction) ??
            (query as (...args: unknown[]) => Promise<unknown>).call(
              object,
              text,
              params,
              withoutParsers,
            )
          );
        };
      }
      if (!inTransaction && property === 'transaction') {
        return <R>(callback: (tx: object) => Promise<R>) =>
          (object as unknown as PGlite).transaction((tx) =>
            callback(droppingParsers(tx, statements, tx)),
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
  return droppingParsers(client, statementsOf(client));
}

/** One set of named statements per PGlite instance: its handles share its one session. */
const statementsByClient = new WeakMap<PGlite, NamedStatements>();

function statementsOf(client: PGlite): NamedStatements {
  let statements = statementsByClient.get(client);
  if (!statements) {
    statements = namedStatements(client);
    statementsByClient.set(client, statements);
  }
  return statements;
}
