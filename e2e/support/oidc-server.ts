import { createServer } from 'node:http';
import { OAuth2Issuer, OAuth2Service } from 'oauth2-mock-server';
import { E2E_GOOGLE_USER } from './oidc-client.ts';

/**
 * The local OpenID Connect provider the journeys sign in with, standing in for Google (which
 * this machine cannot reach). It answers the authorization request at once with a code for the
 * user below, as Google does for a user already signed in there.
 */

const port = Number(process.env.E2E_OIDC_PORT);
if (!port) throw new Error('E2E_OIDC_PORT is not set');

const issuer = new OAuth2Issuer();
await issuer.keys.generate('RS256');
issuer.url = `http://127.0.0.1:${port}`;
const service = new OAuth2Service(issuer);
const claims = { ...E2E_GOOGLE_USER, email_verified: true };
service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
  Object.assign(token.payload, claims);
});
service.on('beforeUserinfo', (response: { body: unknown }) => {
  response.body = claims;
});
createServer(service.requestHandler).listen(port, '127.0.0.1', () => {
  console.log(`local OpenID Connect provider on ${issuer.url}`);
});
