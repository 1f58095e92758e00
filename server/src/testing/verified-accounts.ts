import { eq } from 'drizzle-orm';
import type { App } from '../app.ts';
import { users } from '../modules/identity/identity.table.ts';
import { signUpTestAccount, type TestAccount } from './accounts.ts';
import { verifyEmailThroughOutbox } from './mail.ts';

/**
 * Verifies the account's e-mail through the outbox as its owner would, unless it is verified
 * already (an admin may be, by the way the product makes admins).
 */
export async function ensureEmailVerified(app: App, account: TestAccount): Promise<void> {
  const [row] = await app.database.db
    .select({ emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, account.userId));
  if (row?.emailVerified) return;
  await verifyEmailThroughOutbox(app, account);
}

/** A new account whose owner has verified its e-mail (see signUpTestAccount). */
export async function signUpVerifiedAccount(
  app: App,
  options: Parameters<typeof signUpTestAccount>[1] = {},
): Promise<TestAccount> {
  const account = await signUpTestAccount(app, options);
  await verifyEmailThroughOutbox(app, account);
  return account;
}
