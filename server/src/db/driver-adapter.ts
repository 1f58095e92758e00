import type {
  parse as pgliteParse,
  protocol as pgliteProtocol,
  PGlite,
  QueryOptions,
  Results,
} from '@electric-sql/pglite';
import type pg from 'pg';
import { sql, type Placeholder, type Query, type SQL } from 'drizzle-orm';
import type {
  PgColumn,
  PgDatabase,
  PgQueryResultHKT,
  SelectedFieldsOrdered,
} from 'drizzle-orm/pg-core';

/**
 * The database adapter: the one file where the server goes past its drivers' public APIs, so that
 * an upgrade of PGlite, pg or Drizzle breaks here or nowhere. Every repository writes plain
 * Drizzle; client.ts asks this file for the PGlite client and the pg Client class it hands to
 * Drizzle. @electric-sql/pglite is pinned to an exact version (server/package.json) for the
 * PGlite parts. DB_DRIVER_TRICKS=off turns every trick off: PGlite's own query() and
 * transaction(), a plain pg.Pool, each statement built by Drizzle when it runs (through its
 * public `.prepare()`), all slower; `npm test` runs the database tests once more so.
 *
 * Each trick is kept for a figure of the bench (bench/RESULTS.md, "History of decision 022's
 * measurements"; decisions 030 and 031):
 * - PGlite named statements (`_runExclusiveQuery`, `_runExclusiveTransaction`, `_checkReady`:
 *   PGlite's private locks, since a statement run by hand must queue as its query() does): the
 *   POST /api/order row on PGlite went from 194 to 311 orders/s (ratio 0.51 to 0.83).
 * - Drizzle's parsers installed once on PGlite (a Proxy of the instance): the POST /api/order row
 *   on PGlite, ratio 0.37 to 0.49, p99 1,705 to 1,333 ms.
 * - Turns with the event loop on PGlite (a Proxy): the POST /api/order row's p99 on PGlite,
 *   3,705-6,368 ms to 510-632 ms (the first connections of a rush waited behind the whole queue).
 * - Named statements on PostgreSQL (a pg.Client subclass): the POST /api/order row on PostgreSQL,
 *   ratio 0.39 to 0.50, p99 319 to 238 ms.
 * - Statements built once (Drizzle's session's prepareQuery, reached through `_.session`): with the
 *   bearer query prepared, the POST /api/order row's ratio 0.60 to 0.69 on PostgreSQL, 0.27 to 0.35
 *   on PGlite. Drizzle's public `.prepare(name)` cannot serve these: a prepared query keeps the
 *   session it was prepared on, and a transaction's session lives for that transaction (on
 *   PostgreSQL its one connection, on PGlite its Transaction object), so a statement prepared once
 *   could only run outside every transaction, and preparing it in each transaction builds its SQL
 *   each time, the very cost this saves. Statements run outside a transaction use `.prepare()`
 *   itself (prepared-per-database.ts: the bearer guard's, the outbox's).
 *
 * Not a trick, and so not switched off: the jobs run after a commit (afterCommit below) replace
 * the database's `transaction` method on the instance, since Drizzle offers no commit hook and the
 * outbox's wake-up must never run before, or without, the commit. It is here rather than a helper
 * each of the thirty `transaction` calls would have to use (one forgotten call would run its jobs
 * before the commit without a word).
 */

/** The switch: unset or `on` keeps the tricks, `off` turns them all off. */
export const DRIVER_TRICKS_VARIABLE = 'DB_DRIVER_TRICKS';

/** What the switch's value says; a value other than on or off stops the start, in words. */
export function driverTricksFrom(value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'on') return true;
  if (value === 'off') return false;
  throw new Error(`${DRIVER_TRICKS_VARIABLE} must be on or off, not "${value}"`);
}

let tricksOn: boolean | undefined;

/** Whether the tricks are on: DB_DRIVER_TRICKS, read once per process. */
export function driverTricksOn(): boolean {
  tricksOn ??= driverTricksFrom(process.env[DRIVER_TRICKS_VARIABLE]);
  return tricksOn;
}

/** The PGlite client Drizzle is given: the instance itself with the tricks off. */
export async function pgliteClientForDrizzle(client: PGlite): Promise<PGlite> {
  if (!driverTricksOn()) return client;
  const { parse, protocol } = await import('@electric-sql/pglite');
  return takingTurns(pgliteForDrizzle(client, { parse, protocol }));
}

/** The Client class of the pg.Pool: pg's own with the tricks off. */
export function poolClientClass(Client: typeof pg.Client): typeof pg.Client {
  return driverTricksOn() ? namingClient(Client, new StatementNames()) : Client;
}

// --- PGlite: named statements --------------------------------------------------------------------

/**
 * Named statements for PGlite (decision 030). PGlite's query() runs every statement as
 * the unnamed one, in six calls into the engine (parse, describe it, bind, describe the portal,
 * execute, sync): each time parsed, planned (the planner measures every table and index it
 * reads, a file system call each) and its columns described twice. Here a statement seen again
 * is parsed once as a named one, its parameter types and its columns kept; each run is then one
 * call (bind, execute, sync) that PostgreSQL plans from its cache. Values are serialized, and
 * rows parsed, exactly as PGlite's query() does (its serializers and parsers for each type),
 * under the same locks.
 */

/** A text is prepared the second time it is run: one run only is not worth a statement. */
const RUNS_BEFORE_NAMING = 2;
/** At most this many named statements; past it, new texts run as PGlite runs them. */
export const MAX_NAMED_STATEMENTS = 256;
/** Texts seen once are counted up to this many, then counted afresh. */
const MAX_COUNTED_TEXTS = 4_096;

/** PGlite's wire protocol, loaded with PGlite (a server on PostgreSQL never loads it). */
export type PgliteProtocol = { parse: typeof pgliteParse; protocol: typeof pgliteProtocol };

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

type Named = {
  name: string;
  /** Each parameter's type, for its serializer. */
  parameterTypes: number[];
  /** The columns' description, kept from the first describe (undefined: it returns none). */
  columns: BackendMessage | undefined;
};

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}

/** What PGlite's query() takes, as Drizzle's driver calls it. */
export type QueryCall = {
  text: string;
  params: readonly unknown[] | undefined;
  options?: QueryOptions;
};

export type NamedStatements = {
  /**
   * PGlite's query() for `call`: at the top level (`transaction` undefined), or in the PGlite
   * transaction `transaction` (as its own query()). Undefined when the text is not named (yet):
   * the caller runs it as PGlite does.
   */
  query(call: QueryCall, transaction?: { closed: boolean }): Promise<Results> | undefined;
  /** How many statements are named (a test's check that the cache is bounded). */
  readonly size: number;
};

export function namedStatements(
  client: PGlite,
  { parse, protocol }: PgliteProtocol,
): NamedStatements {
  const { serialize } = protocol;
  const named = new Map<string, Named>();
  const runs = new Map<string, number>();
  let made = 0;

  /** Whether `text` is run often enough to name, counting this run. */
  function worthNaming(text: string): boolean {
    if (named.size >= MAX_NAMED_STATEMENTS) return false;
    const seen = (runs.get(text) ?? 0) + 1;
    if (seen >= RUNS_BEFORE_NAMING) {
      runs.delete(text);
      return true;
    }
    if (runs.size >= MAX_COUNTED_TEXTS) runs.clear();
    runs.set(text, seen);
    return false;
  }

  async function prepare(text: string): Promise<Named> {
    made += 1;
    const name = `tf_named_${made}`;
    const messages = await client.execProtocolStream(
      concat([
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement: Named = {
      name,
      parameterTypes: parse.parseDescribeStatementResults(messages),
      columns: messages.find((message) => message.name === 'rowDescription'),
    };
    named.set(text, statement);
    return statement;
  }

  /** The statement's run: bind (values as PGlite serializes them), execute, sync; its rows. */
  async function run(statement: Named, { params = [], options }: QueryCall): Promise<Results> {
    const values = params.map((param, index) => {
      if (param === null || param === undefined) return null;
      const type = statement.parameterTypes[index] ?? 0;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(param) : String(param);
    });
    const messages = await client.execProtocolStream(
      concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const described = statement.columns ? [statement.columns, ...messages] : messages;
    const [result] = parse.parseResults(described, client.parsers, options);
    if (!result) throw new Error('a named statement returned no result');
    return result;
  }

  /** Prepares `call`'s text if it is not yet, then runs it; a failure told as PGlite tells it. */
  async function prepareAndRun(call: QueryCall): Promise<Results> {
    try {
      const statement = named.get(call.text) ?? (await prepare(call.text));
      return await run(statement, call);
    } catch (error) {
      // As PGlite's own query() decorates a database error: the statement and its values.
      if (error instanceof Error && 'code' in error) {
        Object.assign(error, { query: call.text, params: call.params, queryOptions: call.options });
      }
      throw error;
    }
  }

  return {
    query(call, transaction) {
      // Types given for the parameters, or a file for COPY: PGlite's query() does those.
      if (call.options?.paramTypes || call.options?.blob) return undefined;
      if (!named.has(call.text) && !worthNaming(call.text)) return undefined;
      if (transaction) {
        // As a PGlite transaction's query(): its lock on queries, no file system sync.
        if (transaction.closed) return Promise.reject(new Error('Transaction is closed'));
        return client._runExclusiveQuery(() => prepareAndRun(call));
      }
      // As PGlite's query(): after any transaction under way, then synced to the file system.
      return client._checkReady().then(() =>
        client._runExclusiveTransaction(() =>
          client._runExclusiveQuery(async () => {
            const result = await prepareAndRun(call);
            await client.syncToFs();
            return result;
          }),
        ),
      );
    },
    get size() {
      return named.size;
    },
  };
}

// --- PGlite: Drizzle's parsers installed once ----------------------------------------------------

/**
 * The types Drizzle's PGlite driver asks to receive as PostgreSQL's text (its columns map them):
 * timestamps, dates, intervals, and arrays of numerics, timestamps, intervals and dates.
 */
export const DRIZZLE_TEXT_TYPES = [
  1114, // timestamp
  1184, // timestamptz
  1186, // interval
  1082, // date
  1231,
  1115,
  1185,
  1187,
  1182,
];
const drizzleTextTypes = new Set(DRIZZLE_TEXT_TYPES.map(String));

const asText = (value: string) => value;

type WithParsers = { parsers?: Record<string, unknown> } & Record<string, unknown>;
type Queryable = { query: (...args: never[]) => Promise<unknown> };

/** The options without Drizzle's parsers, when they are only those (the instance has them). */
function withoutDrizzleParsers(options: unknown): unknown {
  const parsers = (options as WithParsers | undefined)?.parsers;
  if (!parsers || !Object.keys(parsers).every((type) => drizzleTextTypes.has(type))) {
    return options;
  }
  const { parsers: _installed, ...rest } = options as WithParsers;
  return rest;
}

/**
 * `target` (the instance, or one of its transactions: `inTransaction`) whose query() drops
 * Drizzle's parsers and runs a statement run before as a named one (above); every other member
 * as it is (bound).
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
          const call = { text, params, options: withoutParsers as QueryOptions | undefined };
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
 * PGlite then copies its own 318 parsers with them into a new object for each result, half again
 * a small query's whole cost, and an order runs a dozen (decision 030). Here Drizzle's parsers
 * are installed on the instance once and dropped from each query's options, in the transactions
 * too: the same results, without the copy. The
 * instance is the server's own (or a test's, through openDatabase alone): nothing else queries
 * it expecting PGlite's Date objects for these types.
 */
export function pgliteForDrizzle(client: PGlite, wire: PgliteProtocol): PGlite {
  for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = asText;
  return droppingParsers(client, statementsOf(client, wire));
}

/** One set of named statements per PGlite instance: its handles share its one session. */
const statementsByClient = new WeakMap<PGlite, NamedStatements>();

function statementsOf(client: PGlite, wire: PgliteProtocol): NamedStatements {
  let statements = statementsByClient.get(client);
  if (!statements) {
    statements = namedStatements(client, wire);
    statementsByClient.set(client, statements);
  }
  return statements;
}

// --- PGlite: turns with the event loop -----------------------------------------------------------

/** Resolves in a later turn of the event loop: after its poll for I/O (setImmediate's phase). */
const laterTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The PGlite client Drizzle is given, taking its queries and transactions one at a time with a
 * turn of the event loop between two of them (decision 031).
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

// --- PostgreSQL: named statements ----------------------------------------------------------------

/**
 * Named statements on PostgreSQL: each connection parses and plans a statement's text once, then
 * binds and executes it by name (the extended protocol's Parse is skipped, and its text is not
 * sent again). The repositories' statements are Drizzle's, the same few texts over and over with
 * other values: an order's dozen statements cost the database about a quarter less CPU this way
 * (decision 030). node-postgres keeps, per connection, which names it has prepared there.
 *
 * Bounded: a text is named only when it has parameters (BEGIN, COMMIT and the like stay simple
 * queries), is at most MAX_NAMED_TEXT characters, and is among the first MAX_NAMES texts seen:
 * every connection may keep that many statements, and a statement whose text is built from its
 * values (an IN list, a multi-row INSERT) would otherwise add one per shape without end.
 */
export const MAX_NAMES = 400;
export const MAX_NAMED_TEXT = 16_384;

/** The names given so far: one per text, the same on every connection of the process. */
export class StatementNames {
  readonly #names = new Map<string, string>();
  readonly #limit: number;

  constructor(limit = MAX_NAMES) {
    this.#limit = limit;
  }

  /** The text's name, given now if it has none and there is room; undefined to run it unnamed. */
  nameOf(text: string): string | undefined {
    const known = this.#names.get(text);
    if (known || this.#names.size >= this.#limit || text.length > MAX_NAMED_TEXT) return known;
    const name = `tf_${this.#names.size + 1}`;
    this.#names.set(text, name);
    return name;
  }

  get size(): number {
    return this.#names.size;
  }
}

type QueryConfigLike = { text: string; name?: string; values?: unknown[] };

function isUnnamedConfig(config: unknown): config is QueryConfigLike {
  return (
    typeof config === 'object' &&
    config !== null &&
    typeof (config as QueryConfigLike).text === 'string' &&
    (config as QueryConfigLike).name === undefined
  );
}

/**
 * A pg Client class for `new pg.Pool({ Client })` whose queries with parameters run as named
 * statements (Drizzle passes each query as a config object and its values beside it).
 */
export function namingClient(Client: typeof pg.Client, names: StatementNames): typeof pg.Client {
  return class NamingClient extends Client {
    // pg's query has a dozen overloads; this one forwards whatever it is given, renamed.
    override query(...args: unknown[]): never {
      const [config, values] = args;
      if (isUnnamedConfig(config)) {
        const parameters = Array.isArray(values) ? values : config.values;
        const name = parameters?.length ? names.nameOf(config.text) : undefined;
        if (name) args[0] = { ...config, name };
      }
      return (super.query as (...forwarded: unknown[]) => never)(...args);
    }
  };
}

// --- Drizzle: statements built once --------------------------------------------------------------

/** The database or a transaction (client.ts's Executor, which this file cannot import: a cycle). */
type Executor = PgDatabase<PgQueryResultHKT, Record<string, never>>;

/** A Drizzle query builder whose values are placeholders (`sql.placeholder`). */
type Buildable = {
  toSQL(): Query;
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<unknown> };
};

/**
 * Statements Drizzle builds once per shape and then runs with each call's values, in whatever
 * transaction the call is in. Building a statement (its SQL text from the tables' columns) was
 * the largest part of an order's CPU on the server after the database's own (decision 030); a
 * hot statement's shape, such as how many rows each INSERT of POST /order's one statement writes,
 * repeats, and its values are placeholders that Drizzle fills and encodes as it would have (a
 * timestamp, a JSON column). With the tricks off each call builds its statement and runs it
 * through Drizzle's public `.prepare()`, unnamed.
 */
export type BuiltOnce = {
  /** Runs the statement of this shape, building it with `build` the first time; its rows. */
  run(
    executor: Executor,
    shape: string,
    build: () => Buildable,
    values: Record<string, unknown>,
  ): Promise<Record<string, unknown>[]>;
  /**
   * Runs it as `run` does, its rows mapped as Drizzle maps a RETURNING or SELECT of `selection`
   * (the same object the statement returns: its keys, each a column or an expression whose
   * mapWith decodes it).
   */
  runMapped<Selection extends Record<string, PgColumn | SQL | SQL.Aliased>>(
    executor: Executor,
    shape: string,
    build: () => Buildable,
    values: Record<string, unknown>,
    selection: Selection,
  ): Promise<Array<Record<keyof Selection, unknown>>>;
  /** How many shapes were built (a test's check that the cache is used, and bounded). */
  readonly size: number;
};

/** At most this many shapes are kept; past it, a statement is built each time, as before. */
export const MAX_SHAPES = 64;

/**
 * The tricks off: Drizzle's own prepared statement, built now. Its name is empty: PostgreSQL's
 * unnamed statement, parsed each time as Drizzle's unprepared queries are (a name per shape would
 * add prepared statements to every connection, which plain pg does not).
 */
async function runBuiltNow(build: () => Buildable, values: Record<string, unknown>) {
  return (await build().prepare('').execute(values)) as Array<Record<string, unknown>>;
}

export function builtOnce(): BuiltOnce {
  const built = new Map<string, Query>();
  function queryOf(shape: string, build: () => Buildable): Query {
    let query = built.get(shape);
    if (!query) {
      query = build().toSQL();
      if (built.size < MAX_SHAPES) built.set(shape, query);
    }
    return query;
  }
  return {
    async run(executor, shape, build, values) {
      if (!driverTricksOn()) return runBuiltNow(build, values);
      const query = queryOf(shape, build);
      const prepared = executor._.session.prepareQuery(query, undefined, undefined, false);
      const result = (await prepared.execute(values)) as { rows: Record<string, unknown>[] };
      return result.rows;
    },
    async runMapped(executor, shape, build, values, selection) {
      if (!driverTricksOn()) {
        return (await runBuiltNow(build, values)) as Array<Record<keyof typeof selection, unknown>>;
      }
      const query = queryOf(shape, build);
      // The order Drizzle gives a flat selection's fields, which the statement returns in.
      const fields: SelectedFieldsOrdered = Object.entries(selection).map(([key, field]) => ({
        path: [key],
        field,
      }));
      const prepared = executor._.session.prepareQuery(query, fields, undefined, true);
      return (await prepared.execute(values)) as Array<Record<keyof typeof selection, unknown>>;
    },
    get size() {
      return built.size;
    },
  };
}

/**
 * Rows whose values are placeholders named `<prefix><row>_<column>`, for a statement built once:
 * the placeholders' values go into `values`, and the shape says which columns each row gives
 * (a value left undefined is the column's default, as in Drizzle's own INSERT).
 */
export function placeholderRows<Row extends Record<string, unknown>>(
  prefix: string,
  rows: readonly Row[],
  values: Record<string, unknown>,
): { rows: Row[]; shape: string } {
  const shapes: string[] = [];
  const placed = rows.map((row, index) => {
    const columns = Object.keys(row).filter((column) => row[column] !== undefined);
    shapes.push(columns.join(','));
    const placeholders: Record<string, Placeholder> = {};
    for (const column of columns) {
      const name = `${prefix}${index}_${column}`;
      values[name] = row[column];
      placeholders[column] = sql.placeholder(name);
    }
    // Drizzle takes a placeholder wherever an INSERT takes a value of that column.
    return placeholders as unknown as Row;
  });
  return { rows: placed, shape: `${prefix}[${shapes.join(';')}]` };
}

// --- Jobs after a commit (not a trick: always on) ------------------------------------------------

/** A Drizzle database or transaction, as far as afterCommit needs it: its `transaction` method. */
type Transactional = {
  transaction(run: (tx: Transactional) => Promise<unknown>, config?: unknown): Promise<unknown>;
};
type Begin = Transactional['transaction'];

/** The jobs waiting for a transaction's commit, by each of its transaction objects. */
const waiting = new WeakMap<object, (() => void)[]>();

/**
 * Runs `job` once what `executor` wrote is committed: at the commit of the transaction it is
 * part of (never, if that transaction or the savepoint it was given in rolls back), or at once
 * when it is the database itself (its statements committed as they ran). For work that must see
 * the rows, from this process: the e-mail outbox wakes its worker so (decisions 017, 032), where
 * a trigger's NOTIFY took the queue's global lock in every commit that wrote an e-mail.
 */
export function afterCommit(executor: object, job: () => void): void {
  const jobs = waiting.get(executor);
  if (jobs) jobs.push(job);
  else job();
}

/**
 * Each transaction of `owner`'s `transaction` method (`db` or a transaction, for a savepoint)
 * keeps the jobs afterCommit gives it. A savepoint's jobs join its parent's once the savepoint
 * is released, and are dropped when it rolls back (Drizzle's `transaction` then rejects, so the
 * line that hands them on is never reached); the outermost transaction runs them all, in order,
 * after the COMMIT's answer. `parent`: the jobs of the transaction a savepoint is made in.
 */
function tracking(owner: Transactional, parent?: (() => void)[]): Begin {
  // Drizzle's own method, on the prototype: this owner's override calls it.
  const begin = owner.transaction.bind(owner);
  return async (run, config) => {
    const jobs: (() => void)[] = [];
    const result = await begin(async (tx) => {
      waiting.set(tx, jobs);
      Object.assign(tx, { transaction: tracking(tx, jobs) });
      try {
        return await run(tx);
      } finally {
        waiting.delete(tx);
      }
    }, config);
    if (parent) parent.push(...jobs);
    else for (const job of jobs) job();
    return result;
  };
}

/** `db`, its transactions keeping the jobs afterCommit gives them (openDatabase's databases). */
export function withCommitJobs<D extends Transactional>(db: D): D {
  return Object.assign(db, { transaction: tracking(db) });
}
