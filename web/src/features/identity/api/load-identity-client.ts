/**
 * The identity service's client (Better Auth, lib/auth-client.ts), loaded when a form first
 * sends: the login and sign-up pages hydrate without it (issue 27), as the rest of the app does.
 */
export const loadIdentityClient = () => import('../../../lib/auth-client');
