import { texts } from '@tools-factory/contract';
import type { TestAccount } from './accounts.ts';
import { expectError } from './requests.ts';

/** What `send` answers: an app.inject response. */
type Answer = Parameters<typeof expectError>[0];

/**
 * The call is an admin's: sent without a token it answers 401, sent as `customer` 403, each with
 * the API's message. `send` makes the same request as the sender it is given.
 */
export async function expectAdminsOnly(
  customer: TestAccount,
  send: (sender: TestAccount | undefined) => Promise<Answer>,
): Promise<void> {
  expectError(await send(undefined), 401, texts.identityErrors.notSignedIn);
  expectError(await send(customer), 403, texts.identityErrors.adminsOnly);
}
