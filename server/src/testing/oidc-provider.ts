import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Issuer, OAuth2Service } from 'oauth2-mock-server';

/** Who the local provider says signed in. */
export type OidcUser = { sub: string; email: string; emailVerified: boolean; name: string };

export type LocalOidcProvider = {
  /** `http://127.0.0.1:<port>` */
  issuer: string;
  /** For the config's `google.discoveryUrl` (GOOGLE_DISCOVERY_URL). */
  discoveryUrl: string;
  /** Changes who signs in next. */
  setUser(user: Partial<OidcUser>): void;
  /** Config fields that point Google sign-in at this provider. */
  googleConfig(): { clientId: string; clientSecret: string; discoveryUrl: string };
  close(): Promise<void>;
};

export const LOCAL_OIDC_CLIENT = { clientId: 'tools-factory-test', clientSecret: 'test-secret' };

/**
 * A local OpenID Connect provider (oauth2-mock-server) on a random port: RS256-signed ID tokens
 * and a userinfo endpoint that both name the user given here, as Google would.
 */
export async function startLocalOidcProvider(
  initialUser: Partial<OidcUser> = {},
): Promise<LocalOidcProvider> {
  let user: OidcUser = {
    sub: 'google-subject-1',
    email: 'gina@example.com',
    emailVerified: true,
    name: 'Gina',
    ...initialUser,
  };
  const issuerState = new OAuth2Issuer();
  await issuerState.keys.generate('RS256');
  const service = new OAuth2Service(issuerState);
  // Our own HTTP server (not OAuth2Server) so that close() need not wait for the keep-alive
  // connections of the app's and the test's fetch calls to time out.
  const server = createServer(service.requestHandler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  issuerState.url = issuer;

  // Runs after the mock has filled in its own claims (sub 'johndoe'): ours win.
  service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, {
      sub: user.sub,
      email: user.email,
      email_verified: user.emailVerified,
      name: user.name,
    });
  });
  service.on('beforeUserinfo', (response: { body: unknown; statusCode: number }) => {
    response.body = {
      sub: user.sub,
      email: user.email,
      email_verified: user.emailVerified,
      name: user.name,
    };
    response.statusCode = 200;
  });

  const discoveryUrl = `${issuer}/.well-known/openid-configuration`;
  return {
    issuer,
    discoveryUrl,
    setUser(changes) {
      user = { ...user, ...changes };
    },
    googleConfig: () => ({ ...LOCAL_OIDC_CLIENT, discoveryUrl }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
