/**
 * The limits of tests that drive real server processes over the network (the proofs in
 * src/proof, and the helpers they share: the HTTP client, a server's start, an awaited e-mail,
 * nginx and PostgreSQL starting). A limit there is for a hang, never for a slow machine: on a CI
 * machine of two cores loaded by other work (load average 10-16), 50 sign-ups at once (a
 * password hash each) kept one request waiting past 30 s, and the crash proof failed on it
 * although nothing was wrong. What the proofs assert is what was answered and what the data
 * says, never how fast (docs/architecture.md#tests); a requirement that is a time (nginx's
 * fail_timeout, a drain's timer, a second for a catalog change to show) stays as its own constant
 * where it is asserted.
 */

/** One request, one start, one awaited e-mail or condition: minutes that only a hang reaches. */
export const HANG_LIMIT_MS = 5 * 60_000;

/**
 * A proof's test or hook (Vitest's own limit): several HANG_LIMIT_MS, so that the step that hung
 * fails first and says what it waited for; a proof takes a few minutes on a busy machine.
 */
export const PROOF_TEST_TIMEOUT_MS = 20 * 60_000;
