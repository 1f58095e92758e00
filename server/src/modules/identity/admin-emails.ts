/**
 * ADMIN_EMAILS names the addresses that become admins, but only once the address is verified:
 * whoever signs up first with a listed address must still prove they own it (DESIGN.md section 5).
 * Better Auth's hooks (at creation, at verification) and PUT /user all ask this one rule.
 */
export function createAdminEmails(list: readonly string[]) {
  const listed = new Set(list.map((email) => email.toLowerCase()));
  return {
    grantsAdmin(user: { email: string; emailVerified: boolean }): boolean {
      return user.emailVerified && listed.has(user.email.toLowerCase());
    },
  };
}
