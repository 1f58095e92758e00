/**
 * Anything shaped like an e-mail address. Wider than the e-mail rule on purpose: a log line
 * keeps no address a library quoted, well-formed or not.
 */
const ADDRESS = /[^\s<>"'`(),;:@[\]]+@[^\s<>"'`(),;:@[\]]+\.[^\s<>"'`(),;:@[\]]+/g;
const REDACTED = '<e-mail>';

/** The text with every e-mail address in it replaced by `<e-mail>`. */
export function redactAddresses(text: string): string {
  return text.replace(ADDRESS, REDACTED);
}

/**
 * The error with e-mail addresses left out of its message and stack (an SMTP server's refusal
 * quotes the recipient: '550 <ann@example.com>: Recipient address rejected'); its kind and code
 * stay. Anything else is returned as it is.
 */
export function withoutAddresses(error: unknown): unknown {
  if (!(error instanceof Error) || redactAddresses(error.message) === error.message) return error;
  const cleaned = new Error(redactAddresses(error.message));
  cleaned.name = error.name;
  if (error.stack !== undefined) cleaned.stack = redactAddresses(error.stack);
  const code = (error as { code?: unknown }).code;
  return Object.assign(cleaned, typeof code === 'string' ? { code } : {});
}

/**
 * pino's logMethod hook: the message words of every log line lose their e-mail addresses. Our
 * own lines carry ids, never addresses (docs/architecture.md#running-in-production); this catches
 * the libraries' lines that do (Better Auth logs 'Sign-up attempt for existing email: <address>' at
 * info).
 */
export function redactAddressesInMessages(
  this: unknown,
  args: unknown[],
  // pino's log function, only called on: its overloads are not needed here.
  method: { apply(thisArg: unknown, args: unknown[]): void },
): void {
  method.apply(
    this,
    args.map((arg) => (typeof arg === 'string' ? redactAddresses(arg) : arg)),
  );
}
