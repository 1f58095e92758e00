import { randomUUID } from 'node:crypto';

/** The account the app makes an admin (ADMIN_EMAILS of the server under test). */
export const E2E_ADMIN_EMAIL = 'admin.e2e@example.com';
export const E2E_PASSWORD = 'anvil-ledger-42';

/** A fresh address for each journey, so journeys never share an account. */
export function uniqueEmail(prefix = 'customer'): string {
  return `${prefix}.${randomUUID().slice(0, 8)}@example.com`;
}
