import { texts } from '@tools-factory/contract';

/**
 * The identity service ends a failed Google round trip at `?error=<code>`. An existing password
 * account whose e-mail is not verified is not linked to Google (so nobody takes over an account by
 * owning a Google address first): say what to do instead of a bare failure.
 */
export function googleErrorMessage(code: string | null): string | undefined {
  if (code === null) return undefined;
  if (code === 'account_not_linked') return texts.identityErrors.googleNotLinked;
  return texts.identityErrors.googleFailed;
}
