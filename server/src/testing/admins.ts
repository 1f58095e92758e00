import type { App } from '../app.ts';
import { signInTestAccount, signUpTestAccount, type TestAccount } from './accounts.ts';
import { resetPasswordThroughOutbox } from './mail.ts';

/**
 * Signs up an admin the only way the product makes one from nothing: an address listed in
 * ADMIN_EMAILS (the app's `config.adminEmails`) whose owner sets the password through the e-mailed
 * reset link (which ends the sign-up's session), then signs in. The account answered is that
 * sign-in's: its session, its access token, the password set by the reset.
 */
export async function signUpTestAdmin(
  app: App,
  options: { email: string; name?: string; password?: string },
): Promise<TestAccount> {
  if (!app.config.adminEmails.includes(options.email)) {
    throw new Error(`${options.email} is not in this app's ADMIN_EMAILS`);
  }
  const signedUp = await signUpTestAccount(app, options);
  await resetPasswordThroughOutbox(app, signedUp.email, signedUp.password);
  return signInTestAccount(app, {
    email: signedUp.email,
    password: signedUp.password,
    name: signedUp.name,
  });
}
