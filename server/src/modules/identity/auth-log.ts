import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger } from 'fastify';

/*
 * Better Auth's log lines, through the app's logger (issue 40 item 6). Better Auth logs at error
 * level what any anonymous caller can send: a forged or stale OAuth state, a callback URL to
 * another site. Those are the caller's mistakes, not the shop's faults: they are warnings, with
 * the client address (so an operator can see who sends them), and the error log keeps what an
 * operator must act on.
 */

/** The client address of the identity call Better Auth is handling now. */
const clientAddresses = new AsyncLocalStorage<string>();

/** Runs a Better Auth call with its client's address, for the log lines it writes meanwhile. */
export function withClientAddress<T>(client: string, call: () => Promise<T>): Promise<T> {
  return clientAddresses.run(client, call);
}

/** The state errors a caller's own callback causes (not `state_generation_error`: ours). */
const CALLERS_STATE_ERRORS = new Set([
  'state_not_found',
  'state_mismatch',
  'state_invalid',
  'state_security_mismatch',
]);

/** Better Auth's error lines about what the caller sent: a state, a URL, an origin. */
const CALLERS_MISTAKES = [
  /^State not found$/,
  /^INVALID_CALLBACK_REQUEST$/,
  /^Invalid (?:callbackURL|redirectURL|errorCallbackURL|newUserCallbackURL|origin)\b/,
  /^Blocked cross-site navigation login attempt/,
];

/** A caller's text in a log line is cut here: a warning may not fill the log either. */
const MAX_MESSAGE = 300;

type Level = 'debug' | 'info' | 'warn' | 'error';

function isCallersMistake(message: string, err: Error | undefined): boolean {
  if (message === 'Failed to parse state') {
    const code = (err as { code?: unknown } | undefined)?.code;
    return typeof code === 'string' && CALLERS_STATE_ERRORS.has(code);
  }
  return CALLERS_MISTAKES.some((pattern) => pattern.test(message));
}

/**
 * Writes one of Better Auth's log lines to `log`. Only an Error among its arguments is kept (the
 * app's error serializer drops bound SQL parameters; the other objects could hold e-mails); a
 * caller's mistake is a warning with the client address and no error object.
 */
export function writeBetterAuthLine(
  log: FastifyBaseLogger,
  level: Level,
  message: string,
  args: readonly unknown[],
): void {
  const err = args.find((arg): arg is Error => arg instanceof Error);
  if (level === 'error' && isCallersMistake(message, err)) {
    const text = message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}…` : message;
    log.warn({ client: clientAddresses.getStore() ?? null }, `identity: ${text}`);
    return;
  }
  log[level](err ? { err } : {}, `identity: ${message}`);
}
