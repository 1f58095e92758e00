import {
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
} from '@electric-sql/pglite';

/**
 * Named statements for PGlite (decision 022, part 8). PGlite's query() runs every statement as
 * the unnamed one, in six calls into the engine (parse, describe it, bind, describe the portal,
 * execute, sync): each time parsed, planned (the planner measures every table and index it
 * reads, a file system call each) and its columns described twice. Here a statement seen again
 * is parsed once as a named one, its parameter types and its columns kept; each run is then one
 * call (bind, execute, sync) that PostgreSQL plans from its cache. On this machine a bearer
 * check's query went from 584 to 220 µs. Values are serialized, and rows parsed, exactly as
 * PGlite's query() does (its serializers and parsers for each type), under the same locks.
 */

/** A text is prepared the second time it is run: one run only is not worth a statement. */
const RUNS_BEFORE_NAMING = 2;
/** At most this many named statements; past it, new texts run as PGlite runs them. */
export const MAX_NAMED_STATEMENTS = 256;
/** Texts seen once are counted up to this many, then counted afresh. */
const MAX_COUNTED_TEXTS = 4_096;

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

type Named = {
  name: string;
  /** Each parameter's type, for its serializer. */
  parameterTypes: number[];
  /** The columns' description, kept from the first describe (undefined: it returns none). */
  columns: BackendMessage | undefined;
};

const { serialize } = protocol;

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

export function namedStatements(client: PGlite): NamedStatements {
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

  /** Prepares `call`'s text if it is not yet, then runs it; a failure is told as PGlite tells it. */
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
