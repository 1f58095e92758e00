/**
 * ADMIN_EMAILS names the addresses that may become admins, and only through the one step that
 * proves both the mailbox and the password: setting the password through the e-mailed reset
 * link (Better Auth's reset-password completion, which also ends every other session of the
 * account). Signing up, verifying the address or a provider vouching for it grants nothing, so
 * whoever signed up first with a listed address (and any session opened before the reset) never
 * gains admin (docs/architecture.md#identity-and-sessions, issue 22 item 1). Admins stay admins.
 */
export function createAdminEmails(list: readonly string[]) {
  const listed = new Set(list.map((email) => email.toLowerCase()));
  return {
    /** Whether a password reset of this account makes it an admin. */
    isListed(email: string): boolean {
      return listed.has(email.toLowerCase());
    },
  };
}
