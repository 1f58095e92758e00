import { and, eq, like } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { verifications } from './identity.table.ts';

/**
 * Better Auth keeps each password-reset link as a `verifications` row: identifier
 * `reset-password:<token>`, value the user's id (better-auth's requestPasswordReset).
 */
const RESET_IDENTIFIER_PREFIX = 'reset-password:';

/**
 * Ends every reset link of the user still kept: called once one of them has set the password
 * (issue 40 item 4). Asking for a link cancels none, since anyone may ask for one to any
 * address; using one ends the others, so an older e-mail left in an inbox resets nothing after.
 */
export async function endResetLinksOf(db: Executor, userId: string): Promise<void> {
  await db
    .delete(verifications)
    .where(
      and(
        eq(verifications.value, userId),
        like(verifications.identifier, `${RESET_IDENTIFIER_PREFIX}%`),
      ),
    );
}

/** The user id a reset link's token was issued for, while the link is unspent and unexpired. */
export async function userIdOfResetLink(db: Executor, token: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: verifications.value, expiresAt: verifications.expiresAt })
    .from(verifications)
    .where(eq(verifications.identifier, `${RESET_IDENTIFIER_PREFIX}${token}`))
    .limit(1);
  return row && row.expiresAt > new Date() ? row.userId : undefined;
}
