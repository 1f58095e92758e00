/**
 * The e-mailed sign-in code (issue 22 item 3): the way in for an owner whose password sign-in is
 * refused past the sign-in limit. Short-lived; a stranger's wrong guesses never spend it.
 *
 * Issue 40 item 2: 8 characters of Crockford's base 32 (digits and capitals without I, L, O and
 * U), 32^8 = 2^40 (about 1.1 * 10^12) codes, shown as two groups of 4 (`7KQM-3XPD`). Guesses are
 * counted per account across all clients, at most SIGN_IN_CODE_GUESSES_PER_DAY (100) a day: a
 * stranger takes an account with a chance of at most 100 / 2^40, about 9 * 10^-11, a day
 * (decision 023).
 */
export const SIGN_IN_CODE = {
  length: 8,
  alphabet: '0123456789ABCDEFGHJKMNPQRSTVWXYZ',
  /** The e-mail shows the code in groups of this many characters, joined by a dash. */
  groupLength: 4,
  expiresInMinutes: 10,
} as const;

/** The code as the e-mail shows it: `7KQM3XPD` -> `7KQM-3XPD`. */
export function formatSignInCode(code: string): string {
  const groups: string[] = [];
  for (let start = 0; start < code.length; start += SIGN_IN_CODE.groupLength) {
    groups.push(code.slice(start, start + SIGN_IN_CODE.groupLength));
  }
  return groups.join('-');
}

/**
 * The code as typed, made the code as issued: spaces and dashes dropped, capitals, and the
 * letters the alphabet leaves out for looking like digits read as those digits (O as 0, I and L
 * as 1). Anything else is left for the schema to refuse.
 */
export function normalizeSignInCode(typed: string): string {
  return typed
    .replace(/[\s-]+/g, '')
    .toUpperCase()
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
}
