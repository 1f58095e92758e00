/**
 * What a log line says about an error: enough to find the fault (its kind, codes, the SQL with
 * placeholders, where in the code), never the data it was handling. A failed Drizzle query
 * carries its bound parameters in `params` and in its message, and PostgreSQL puts the failing
 * row in `detail` and quotes values in some messages: customers' e-mails, addresses and phones
 * would land in the log (docs/architecture.md#the-api).
 */
export type LoggedError = {
  type: string;
  message: string;
  code?: string;
  statusCode?: number;
  /** PostgreSQL's names for where it failed: identifiers of the schema, never values. */
  table?: string;
  column?: string;
  constraint?: string;
  cause?: LoggedError;
  /** The first few errors of an AggregateError (a connection tried on several addresses). */
  errors?: LoggedError[];
};

/** Causes wrapped in causes: a few levels say where it started. */
const MAX_CAUSE_DEPTH = 4;
const MAX_AGGREGATED_ERRORS = 3;
/** Drizzle appends the bound values to a failed query's message after this. */
const PARAMS_SUFFIX = '\nparams:';
const SQLSTATE = /^[0-9A-Z]{5}$/;
/** Text in double quotes: PostgreSQL quotes the values it refused ('value "..." is out of range'). */
const QUOTED = /"[^"]*"/g;
const STACK_FRAMES = '\n    at ';

type ErrorLike = Error & Record<string, unknown>;

function isDatabaseError(error: ErrorLike): boolean {
  return (
    typeof error.severity === 'string' &&
    typeof error.code === 'string' &&
    SQLSTATE.test(error.code)
  );
}

function safeMessage(error: ErrorLike): string {
  const message = error.message;
  const withoutParams = message.split(PARAMS_SUFFIX, 1)[0] ?? '';
  return isDatabaseError(error) ? withoutParams.replace(QUOTED, '"…"') : withoutParams;
}

/** The stack's frames, under the error's type: V8's own header repeats the whole message. */
function safeStack(error: unknown, type: string): string {
  const stack = error instanceof Error ? error.stack : undefined;
  const frames = stack?.indexOf(STACK_FRAMES) ?? -1;
  return stack && frames !== -1 ? `${type}${stack.slice(frames)}` : type;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function describeError(error: unknown, depth: number): LoggedError {
  if (!(error instanceof Error)) {
    // Something thrown that is not an Error: its kind only, as its content is unknown.
    return { type: typeof error, message: 'a value that is not an Error was thrown' };
  }
  const fields = error as ErrorLike;
  // Drizzle's and PGlite's errors say little in `name` ('Error', 'error'); their class says more.
  const className = error.constructor.name;
  const type = className && className !== 'Error' ? className : error.name;
  const message = safeMessage(fields);
  const logged: LoggedError = { type, message };
  const code = fields.code;
  if (typeof code === 'string' || typeof code === 'number') logged.code = String(code);
  if (typeof fields.statusCode === 'number') logged.statusCode = fields.statusCode;
  if (isDatabaseError(fields)) {
    const table = text(fields.table);
    const column = text(fields.column);
    const constraint = text(fields.constraint);
    if (table) logged.table = table;
    if (column) logged.column = column;
    if (constraint) logged.constraint = constraint;
  }
  if (depth < MAX_CAUSE_DEPTH && error.cause !== undefined) {
    logged.cause = describeError(error.cause, depth + 1);
  }
  if (error instanceof AggregateError && depth < MAX_CAUSE_DEPTH) {
    logged.errors = (error.errors as unknown[])
      .slice(0, MAX_AGGREGATED_ERRORS)
      .map((inner) => describeError(inner, depth + 1));
  }
  return logged;
}

/**
 * The logger's serializer for `err` (and for an Error logged on its own): every log line of the
 * app, the error handler's and the background jobs', goes through it.
 */
export function serializeErrorForLog(error: unknown): LoggedError & { stack: string } {
  const logged = describeError(error, 0);
  return { ...logged, stack: safeStack(error, logged.type) };
}
