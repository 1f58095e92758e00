import type { App } from '../app.ts';
import { injectAs } from './requests.ts';

/**
 * The admin's calls on accounts (the Users page), sent with the sender's access token, or by
 * nobody (`undefined`: no Authorization header). Each answers the response as it comes.
 */
type Sender = { token: string } | undefined;

/** GET /api/user: every account. */
export function listUsers(app: App, sender: Sender) {
  return injectAs(app, sender, { url: '/api/user' });
}

/** PUT /api/user/admin/{email}: Make Admin. */
export function makeAdmin(app: App, sender: Sender, email: string) {
  return injectAs(app, sender, {
    method: 'PUT',
    url: `/api/user/admin/${encodeURIComponent(email)}`,
  });
}

/** DELETE /api/user/admin/{email}: an admin made a user again. */
export function demoteAdmin(app: App, sender: Sender, email: string) {
  return injectAs(app, sender, {
    method: 'DELETE',
    url: `/api/user/admin/${encodeURIComponent(email)}`,
  });
}

/** DELETE /api/user/{email}: the account removed. */
export function removeUser(app: App, sender: Sender, email: string) {
  return injectAs(app, sender, {
    method: 'DELETE',
    url: `/api/user/${encodeURIComponent(email)}`,
  });
}
