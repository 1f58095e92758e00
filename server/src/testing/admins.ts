import type { App } from '../app.ts';
import { signUpTestAccount, type TestAccount } from './accounts.ts';
import { verifyEmailThroughOutbox } from './mail.ts';

/**
 * Signs up an admin the only way the product makes one from nothing: an address listed in
 * ADMIN_EMAILS (the app's `config.adminEmails`), verified through the outbox link. Its access
 * token works as an admin's at once (the role is read on every call).
 */
export async function signUpTestAdmin(
  app: App,
  options: { email: string; name?: string },
): Promise<TestAccount> {
  if (!app.config.adminEmails.includes(options.email)) {
    throw new Error(`${options.email} is not in this app's ADMIN_EMAILS`);
  }
  const admin = await signUpTestAccount(app, options);
  await verifyEmailThroughOutbox(app, admin);
  return admin;
}
