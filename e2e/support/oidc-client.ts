/** Who the local OpenID Connect provider (Google's stand-in) signs in, and our client there. */
export const E2E_GOOGLE_USER = {
  sub: 'e2e-google-1',
  email: 'gina.google@example.com',
  name: 'Gina Google',
};
export const E2E_OIDC_CLIENT = { clientId: 'tools-factory-e2e', clientSecret: 'e2e-secret' };
