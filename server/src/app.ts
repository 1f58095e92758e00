import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { API_BASE } from '@tools-factory/contract';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createCatalogSnapshot, type CatalogSnapshot } from './modules/catalog/catalog.service.ts';
import { galleryRoutes } from './modules/gallery/gallery.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { createOrdersService, type OrdersService } from './modules/orders/orders.service.ts';
import { createOrderExpirySweeper } from './modules/orders/orders.sweeper.ts';
import { reviewsRoutes } from './modules/reviews/reviews.routes.ts';
import { toolsRoutes } from './modules/tools/tools.routes.ts';
import { createAccessTokens } from './modules/identity/access-token.ts';
import { createAuth, type Auth } from './modules/identity/auth.ts';
import { identityRoutes } from './modules/identity/identity.routes.ts';
import {
  createIdentityService,
  type IdentityService,
} from './modules/identity/identity.service.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createAuthGuards, type AuthGuards } from './plugins/auth-guard.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { registerWebStatic } from './plugins/web-static.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    /** The public catalog, serialized once; write paths call `invalidate()` after committing. */
    catalog: CatalogSnapshot;
    auth: Auth;
    identity: IdentityService;
    guards: AuthGuards;
    mailer: Mailer;
    orders: OrdersService;
  }
}

/** Request bodies larger than this are refused with 413. */
export const BODY_LIMIT_BYTES = 100 * 1024;

export type BuildAppOptions = {
  config: Config;
  /** Opened (and migrated) by the caller, who also closes it after the app. */
  database: DatabaseHandle;
  /** Runs when the app closes, after it has stopped using the database (tests drop theirs). */
  onClose?: () => Promise<void>;
  /**
   * Run the periodic expiry sweep of unpaid orders once ready (default true). Test apps leave it
   * off and call `app.orders.sweepExpiredOrders(now)` with a clock of their own.
   */
  sweepExpiredOrders?: boolean;
};

export type App = FastifyInstance;

/**
 * Builds the whole server, ready to answer (`inject` or `listen`), without listening. The
 * database stays the caller's: closing the app stops using it but does not close it.
 */
export async function buildApp({
  config,
  database,
  onClose,
  sweepExpiredOrders = true,
}: BuildAppOptions): Promise<App> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    ...(config.trustProxy === undefined ? {} : { trustProxy: config.trustProxy }),
    routerOptions: { ignoreTrailingSlash: true },
    // A line per request costs a lot under load and says little: only at LOG_LEVEL=debug/trace.
    // Errors are logged by the error handler at any level.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  app.decorate('config', config);
  app.decorate('database', database);
  const catalog = createCatalogSnapshot({ database, log: app.log });
  app.decorate('catalog', catalog);

  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log: app.log,
  });
  const auth = createAuth({ config, db: database.db, mailer });
  const identity = createIdentityService({
    db: database.db,
    auth,
    adminEmails: config.adminEmails,
  });
  const accessTokens = createAccessTokens(config.accessTokenSecret);
  const guards = createAuthGuards({ accessTokens, identity });
  const users = createUsersService({ identity, accessTokens });
  const orders = createOrdersService({
    db: database.db,
    catalog,
    orderHoldHours: config.orderHoldHours,
  });
  const orderSweeper = createOrderExpirySweeper({ orders, log: app.log });
  app.decorate('mailer', mailer);
  app.decorate('auth', auth);
  app.decorate('identity', identity);
  app.decorate('guards', guards);
  app.decorate('orders', orders);

  registerSecurityHeaders(app);
  await registerRateLimit(app, { redisUrl: config.redisUrl });
  await registerCompression(app);
  await registerOpenApi(app);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(toolsRoutes);
      await api.register(reviewsRoutes);
      await api.register(galleryRoutes);
      await api.register(usersRoutes, { users, identity, guards });
      await api.register(ordersRoutes, { orders, guards });
    },
    { prefix: API_BASE },
  );
  await app.register(identityRoutes, { auth, identity, origin: config.publicUrl });

  await registerWebStatic(app, { webDistDir: config.webDistDir });

  await catalog.start();
  if (sweepExpiredOrders) {
    app.addHook('onReady', async () => {
      orderSweeper.start();
    });
  }
  app.addHook('onClose', async () => {
    await orderSweeper.stop();
    await catalog.stop();
    mailer.close();
    await onClose?.();
  });

  try {
    await app.ready();
  } catch (error) {
    await catalog.stop();
    throw error;
  }
  return app;
}
