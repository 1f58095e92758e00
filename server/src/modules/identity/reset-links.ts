import { and, eq, like, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { verifications } from './identity.table.ts';

/**
 * Better Auth keeps each password-reset link as a `verifications` row: identifier
 * `reset-password:<token>`, value the user's id (better-auth's requestPasswordReset).
 */
const RESET_IDENTIFIER_PREFIX = 'reset-password:';

/**
 * Cancels the user's reset links issued before the one of `token`, so that only the latest
 * e-mail can reset the password. Links issued after it (a request racing this one) are left to
 * cancel this one in turn.
 */
export async function cancelEarlierResetLinks(
  db: Executor,
  userId: string,
  token: string,
): Promise<void> {
  const identifier = `${RESET_IDENTIFIER_PREFIX}${token}`;
  const issuedAt = db
    .select({ createdAt: verifications.createdAt })
    .from(verifications)
    .where(eq(verifications.identifier, identifier));
  await db
    .delete(verifications)
    .where(
      and(
        eq(verifications.value, userId),
        like(verifications.identifier, `${RESET_IDENTIFIER_PREFIX}%`),
        ne(verifications.identifier, identifier),
        lt(verifications.createdAt, sql`(${issuedAt})`),
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
