import type pg from 'pg';

/**
 * Named statements on PostgreSQL: each connection parses and plans a statement's text once, then
 * binds and executes it by name (the extended protocol's Parse is skipped, and its text is not
 * sent again). The repositories' statements are Drizzle's, the same few texts over and over with
 * other values: an order's dozen statements cost the database about a quarter less CPU this way
 * (decision 022, part 2). node-postgres keeps, per connection, which names it has prepared there.
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
