import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

/**
 * The fewest guesses zxcvbn may estimate for a new password: a million, the edge of its score 2
 * ("somewhat guessable": safe from throttled online guessing, which our rate limits slow to 10 a
 * minute per client and address). Inclusive, so that a random 6-character password (10^6 by
 * zxcvbn's brute-force estimate) still passes, as the spec's minimum length promises. Below it are
 * the most common passwords and what is close to them (`123456`, `password`, `secret1`,
 * `qwerty12`), repeats and sequences (six spaces, `abcdef`), and the account's own name or
 * e-mail. A few unrelated words, or a word with digits and symbols, pass (`brand-new-secret`).
 */
export const MIN_PASSWORD_GUESSES = 1e6;

/**
 * zxcvbn-ts with its own offline dictionaries (the common passwords of language-common, the
 * English words and names of language-en): nothing is fetched. Built once, on first use (about a
 * second: it ranks the dictionaries). Levenshtein matching is left off: it makes each check
 * about a second long, a cost any caller could make the server pay.
 */
let checker: ZxcvbnFactory | undefined;
function strengthChecker(): ZxcvbnFactory {
  checker ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
    // Better Auth refuses longer passwords (128) anyway; no longer text is ever scored.
    maxLength: 128,
  });
  return checker;
}

/**
 * Builds the checker now (about a second and a half of one core, during which nothing else runs)
 * instead of in the first sign-up, where it would stall every request of the instance, and time
 * out its Redis commands, at once. The server calls it before it listens.
 */
export function preparePasswordChecks(): void {
  strengthChecker().check('warm-up', []);
}

/**
 * Whether a new password is too easy to guess, given what the attacker knows of the account
 * (its name, its e-mail and the e-mail's parts).
 */
export function isGuessablePassword(password: string, userInputs: readonly string[]): boolean {
  const inputs = userInputs.flatMap((input) => [input, ...input.split(/[@.\s_+-]+/)]);
  const words = inputs.map((input) => input.trim().toLowerCase()).filter((input) => input !== '');
  return strengthChecker().check(password, words).guesses < MIN_PASSWORD_GUESSES;
}
