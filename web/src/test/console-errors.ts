/**
 * A test fails when it logs an error (epic-stack does the same): React's warnings (a missing key,
 * an update outside act, a bad prop), a failed request a component forgot to handle, a test's own
 * stray error all go to console.error, and a passing test that prints one hides a bug. A test that
 * expects an error to be logged says so with allowConsoleError().
 */
const logged: string[] = [];
let allowed = false;
let original: typeof console.error | undefined;

function asText(value: unknown): string {
  if (value instanceof Error) return value.stack ?? value.message;
  return typeof value === 'string' ? value : String(value);
}

/** Starts a test: every console.error is kept (and still printed) until the test ends. */
export function watchConsoleErrors(): void {
  logged.length = 0;
  allowed = false;
  original = console.error;
  const print = original;
  console.error = (...args: unknown[]) => {
    if (allowed) return;
    logged.push(args.map(asText).join(' '));
    print(...args);
  };
}

/**
 * For a test that expects an error to be logged (an error boundary's report of what it caught):
 * its console.error is allowed, and kept quiet.
 */
export function allowConsoleError(): void {
  allowed = true;
}

/** Ends a test: restores console.error and fails the test if it logged an error. */
export function failOnConsoleErrors(): void {
  if (original) console.error = original;
  original = undefined;
  if (logged.length === 0) return;
  const messages = logged.splice(0);
  throw new Error(
    `The test logged ${messages.length === 1 ? 'an error' : `${messages.length} errors`} (console.error); fix it, or call allowConsoleError() in a test that expects one:\n${messages.join('\n---\n')}`,
  );
}
