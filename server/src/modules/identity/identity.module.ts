import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { OutboxWriter } from '../../mail/outbox.ts';
import { createAccessTokens } from './access-token.ts';
import { createAuthGuards } from './auth-guard.ts';
import { createAuth } from './auth.ts';
import { identitySettingsRoutes } from './identity-settings.routes.ts';
import { identityOpenApiPaths } from './identity.openapi.ts';
import { identityRoutes } from './identity.routes.ts';
import { createIdentityService } from './identity.service.ts';
import { createStaffNotifications } from './staff-notifications.ts';
import { staffNotificationsRoutes } from './staff-notifications.routes.ts';

export type IdentityModuleDeps = {
  config: Config;
  db: Database;
  /** Takes the e-mailed codes, links and staff notices. */
  outbox: OutboxWriter;
  log: FastifyBaseLogger;
};

/**
 * Identity (docs/architecture.md#identity-and-sessions): Better Auth, the access tokens and the
 * guards every other module's routes take, and the staff e-mail settings.
 */
export function createIdentityModule(deps: IdentityModuleDeps) {
  const { config, db, outbox, log } = deps;
  const auth = createAuth({ config, db, outbox, log });
  const service = createIdentityService({ db, auth, sessionLifetime: config.session });
  const accessTokens = createAccessTokens(config.accessTokenSecret);
  const guards = createAuthGuards({ accessTokens, identity: service });
  const staffNotifications = createStaffNotifications({ db, adminEmails: config.adminEmails });
  const googleSignIn = config.google !== undefined;

  /** Under /api: the sign-in page's settings and the staff e-mails' switch. */
  const routes: FastifyPluginAsync = async (api) => {
    await api.register(identitySettingsRoutes, { googleSignIn });
    await api.register(staffNotificationsRoutes, { staffNotifications, guards });
  };
  /** Better Auth's endpoints and the access token, at the paths the web app calls. */
  const authRoutes: FastifyPluginAsync = async (app) => {
    await app.register(identityRoutes, { auth, identity: service, origin: config.publicUrl });
  };
  return {
    service,
    auth,
    accessTokens,
    guards,
    routes,
    authRoutes,
    /** Better Auth's endpoints are one wildcard route: the OpenAPI document's words for them. */
    openApiPaths: identityOpenApiPaths(),
  };
}
