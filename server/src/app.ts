import { hostname } from 'node:os';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { API_BASE, dollarsToCents } from '@tools-factory/contract';
import { requireDeclaredRows } from './authorization.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createCatalogSnapshot, type CatalogSnapshot } from './catalog/catalog-snapshot.ts';
import { galleryRoutes } from './modules/gallery/gallery.routes.ts';
import { createGalleryService } from './modules/gallery/gallery.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createReadiness } from './modules/health/readiness.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { createCartService } from './modules/cart/cart.service.ts';
import { invoicesRoutes } from './modules/invoices/invoices.routes.ts';
import { createInvoicesService } from './modules/invoices/invoices.service.ts';
import { createOrdersCsv } from './modules/orders/orders-csv.ts';
import { checkoutsRoutes } from './modules/checkouts/checkouts.routes.ts';
import { clearCart, selectCartLinesForCheckout } from './modules/cart/cart.repository.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { createCheckoutLines } from './modules/checkouts/checkout-lines.ts';
import { createOrderCancellation } from './modules/orders/order-cancellation.ts';
import { orderCancellationRoutes } from './modules/orders/order-cancellation.routes.ts';
import { createOrderReversals } from './modules/orders/order-reversals.ts';
import { createOrdersService, type OrdersService } from './modules/orders/orders.service.ts';
import { createOrderExpirySweeper } from './modules/orders/orders.sweeper.ts';
import { quotesRoutes } from './modules/quotes/quotes.routes.ts';
import { createQuotesService } from './modules/quotes/quotes.service.ts';
import { createPaymentGateway } from './modules/payments/payment-gateways.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { stripeWebhookRoutes } from './modules/payments/stripe-webhook.routes.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { reviewsRoutes } from './modules/reviews/reviews.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { createContactService } from './modules/contact/contact.service.ts';
import { holdsRoutes } from './modules/orders/orders-holds.routes.ts';
import { createHoldsService } from './modules/orders/orders-holds.ts';
import { salesRoutes } from './modules/orders/orders-sales.routes.ts';
import { createSalesService } from './modules/orders/orders-sales.ts';
import { createReviewsService } from './modules/reviews/reviews.service.ts';
import { createBuyersLookup } from './modules/orders/orders-buyers.ts';
import { profilesRoutes } from './modules/profiles/profiles.routes.ts';
import { createProfilesService } from './modules/profiles/profiles.service.ts';
import {
  registerToolImageFiles,
  toolImageRequestBodies,
  toolImagesRoutes,
} from './modules/tools/tool-images.ts';
import { toolsRoutes } from './modules/tools/tools.routes.ts';
import { createToolsService, type ToolsService } from './modules/tools/tools.service.ts';
import { createAccessTokens } from './modules/identity/access-token.ts';
import {
  createAuthGuards,
  runGuardsFirst,
  type AuthGuards,
} from './modules/identity/auth-guard.ts';
import { createAuth, type Auth } from './modules/identity/auth.ts';
import { identitySettingsRoutes } from './modules/identity/identity-settings.routes.ts';
import { identityRoutes } from './modules/identity/identity.routes.ts';
import { identityOpenApiPaths } from './modules/identity/identity.openapi.ts';
import {
  createIdentityService,
  type IdentityService,
} from './modules/identity/identity.service.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createOutbox, type Outbox, type OutboxTiming } from './mail/outbox.ts';
import {
  accountsMailDirectory,
  createStaffNotifications,
} from './modules/identity/staff-notifications.ts';
import { staffNotificationsRoutes } from './modules/identity/staff-notifications.routes.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerAdminAudit } from './plugins/admin-audit.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { answerClientError, registerUrlLengthLimit } from './plugins/client-errors.ts';
import { serializeErrorForLog } from './plugins/error-log.ts';
import { redactAddressesInMessages } from './plugins/log-redaction.ts';
import { answerKeptCatalogReadsFirst } from './plugins/catalog-answers.ts';
import { answerFrameworkError, registerErrorHandler } from './plugins/errors.ts';
import { registerGracefulClose } from './plugins/graceful-close.ts';
import { closeStep } from './close-step.ts';
import { createStorageHealth } from './db/storage-health.ts';
import { registerJsonBodyParser } from './plugins/json-body.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { registerNoStore } from './plugins/no-store.ts';
import { refuseBadlyEncodedQueries, refuseUnplainApiPaths } from './plugins/normalised-paths.ts';
import { HTTP_TIMEOUTS, serverTimeoutOptions, type HttpTimeouts } from './plugins/timeouts.ts';
import { registerWebPages } from './plugins/web-pages.ts';

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
    /**
     * The e-mails to send, written with the changes that cause them and delivered afterwards;
     * tests wait for `idle()` before they read what was sent.
     */
    outbox: Outbox;
    orders: OrdersService;
    tools: ToolsService;
  }
}

/**
 * Each background worker's stop on close (the outbox waits up to 3 s for the message in hand): a
 * stop that outlives it is left behind, so the close finishes within the shutdown's timer.
 */
const BACKGROUND_STOP_LIMIT_MS = 4_000;

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
  /** Where log lines go instead of stdout (tests read what was logged). */
  logStream?: { write(line: string): void };
  /** Timeouts other than HTTP_TIMEOUTS (tests make them short). */
  httpTimeouts?: Partial<HttpTimeouts>;
  /** The outbox's waits other than OUTBOX_TIMING (tests of retries make them short). */
  outboxTiming?: Partial<OutboxTiming>;
  /**
   * The clock of quotes (dates and offer expiry), payments (paid at: the invoice's year), the
   * CSV's file name and the Sales page's "today"; real time by default, tests move their own.
   */
  now?: () => Date;
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
  logStream,
  httpTimeouts,
  outboxTiming,
  now = () => new Date(),
}: BuildAppOptions): Promise<App> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Every logged error, without the data it carried (bound SQL parameters, failing rows).
      serializers: { err: serializeErrorForLog },
      // Libraries' message words lose any e-mail address (our own lines carry ids only).
      hooks: { logMethod: redactAddressesInMessages },
      ...(logStream ? { stream: logStream } : {}),
    },
    ...serverTimeoutOptions({ ...HTTP_TIMEOUTS, ...httpTimeouts }),
    // Timeouts and oversized headers are answered by Node before Fastify: in our shape too.
    clientErrorHandler: answerClientError,
    // A path the router cannot decode (`%E0%A4%A`) is answered in our shape too.
    frameworkErrors: answerFrameworkError,
    bodyLimit: BODY_LIMIT_BYTES,
    // A request that reaches us while we drain is served (plugins/graceful-close.ts).
    return503OnClosing: false,
    ...(config.trustProxy === undefined ? {} : { trustProxy: config.trustProxy }),
    // An e-mail in a path (/user/{email}) may be up to 254 characters, escaped up to three times
    // as long: find-my-way's default of 100 would answer such an address 'not found'.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 768 },
    // A line per request costs a lot under load and says little: only at LOG_LEVEL=debug/trace.
    // Errors are logged by the error handler at any level.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  }).withTypeProvider<ZodTypeProvider>();

  // The catalog's kept answers, before Fastify's routing (the catalog is made below).
  answerKeptCatalogReadsFirst(app, { current: () => catalog.current() });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const storage = createStorageHealth({ dataDir: config.dataDir });
  registerErrorHandler(app, { storage });
  registerGracefulClose(app);
  registerJsonBodyParser(app);
  registerUrlLengthLimit(app);

  app.decorate('config', config);
  app.decorate('database', database);
  const gallery = createGalleryService({ db: database.db });
  // The sources are the services that tell the snapshot of their changes, built just below: the
  // snapshot first reads them in catalog.start(), once they all exist.
  const catalog = createCatalogSnapshot({
    database,
    log: app.log,
    sources: {
      tools: () => tools.listVersionedCatalog(),
      reviews: () => reviews.list(),
      gallery: () => gallery.list(),
    },
  });
  app.decorate('catalog', catalog);

  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log: app.log,
  });
  const outbox = createOutbox({
    database,
    mailer,
    // Drawn when the message leaves, by the invoices service built below.
    renderAttachment: (recipe) =>
      invoices.attachmentPdf(recipe.kind === 'invoice-pdf' ? 'invoice' : 'credit-note', recipe.id),
    // An instance's own messages land in its own DATA_DIR/outbox (without SMTP_URL) first.
    origin: `${hostname()}:${config.dataDir}`,
    log: app.log,
    timing: outboxTiming,
    // The staff e-mails go to these, and to the admins who turned them on; each reader is
    // greeted by their account's name.
    adminEmails: config.adminEmails,
    directory: accountsMailDirectory,
  });
  const auth = createAuth({ config, db: database.db, outbox, log: app.log });
  const identity = createIdentityService({
    db: database.db,
    auth,
    sessionLifetime: config.session,
  });
  const accessTokens = createAccessTokens(config.accessTokenSecret);
  const guards = createAuthGuards({ accessTokens, identity });
  const users = createUsersService({ identity, accessTokens, adminEmails: config.adminEmails });
  const tools = createToolsService({
    db: database.db,
    catalog,
    outbox,
    publicUrl: config.publicUrl,
    accounts: identity,
  });
  const reviews = createReviewsService({
    db: database.db,
    catalog,
    buyers: createBuyersLookup({ db: database.db }),
  });
  const profiles = createProfilesService({ db: database.db, identity });
  const contact = createContactService({
    db: database.db,
    outbox,
    publicUrl: config.publicUrl,
  });
  const orders = createOrdersService({
    db: database.db,
    catalog,
    tools,
    orderHoldHours: config.orderHoldHours,
    maxUnpaidOrders: config.maxUnpaidOrders,
    holdLimits: {
      verifiedCents: dollarsToCents(config.unpaidHoldLimit),
      unverifiedCents: dollarsToCents(config.unverifiedHoldLimit),
    },
    toolSharePercent: config.unpaidToolSharePercent,
    outbox,
    publicUrl: config.publicUrl,
    taxRateBasisPoints: config.taxRateBasisPoints,
    transactionsRunAlone: database.kind === 'pglite',
    now,
    identity,
    // The cart's lock is held from reading the lines to emptying them (cart.repository.ts).
    cart: { linesOf: selectCartLinesForCheckout, clear: clearCart },
  });
  const quotes = createQuotesService({
    db: database.db,
    orders,
    tools,
    catalog,
    outbox,
    publicUrl: config.publicUrl,
    now,
  });
  // A checkout's lines, paid, invoiced and mailed as one (issue 26).
  const checkoutLines = createCheckoutLines({
    db: database.db,
    orderHoldHours: config.orderHoldHours,
  });
  const invoices = createInvoicesService({
    db: database.db,
    orders,
    identity,
    seller: config.seller,
    checkoutLines,
  });
  const sales = createSalesService({ db: database.db, now });
  const paymentGateway = await createPaymentGateway({ config, db: database.db });
  const payments = createPaymentsService({
    db: database.db,
    gateway: paymentGateway,
    orders,
    checkoutLines,
    invoices,
    outbox,
    publicUrl: config.publicUrl,
    log: app.log,
    now,
  });
  const orderSweeper = createOrderExpirySweeper({ orders, log: app.log });
  app.decorate('mailer', mailer);
  app.decorate('outbox', outbox);
  app.decorate('auth', auth);
  app.decorate('identity', identity);
  app.decorate('guards', guards);
  app.decorate('orders', orders);
  app.decorate('tools', tools);

  registerSecurityHeaders(app, { stripe: config.stripe !== undefined });
  registerNoStore(app);
  refuseUnplainApiPaths(app);
  refuseBadlyEncodedQueries(app);
  requireDeclaredRows(app);
  runGuardsFirst(app);
  registerAdminAudit(app);
  await registerRateLimit(app, { redisUrl: config.redisUrl });
  await registerCompression(app);
  // Better Auth's endpoints are one wildcard route: their description comes from the module.
  await registerOpenApi(app, {
    paths: identityOpenApiPaths(),
    requestBodies: toolImageRequestBodies,
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, {
        readiness: createReadiness({ database, storage, log: app.log }),
      });
      await api.register(toolsRoutes, { tools, catalog, guards });
      await api.register(toolImagesRoutes, { guards, dir: config.toolImagesDir });
      await api.register(reviewsRoutes, { reviews, catalog, guards });
      await api.register(contactRoutes, {
        contact,
        guards,
        messagesPerWindow: config.contactRateLimit,
      });
      await api.register(profilesRoutes, { profiles, guards });
      await api.register(galleryRoutes, { catalog });
      await api.register(usersRoutes, { users, guards });
      await api.register(identitySettingsRoutes, { googleSignIn: config.google !== undefined });
      await api.register(paymentsRoutes, { payments, guards });
      if (paymentGateway.name === 'stripe') {
        // Stripe's reports of a paid order's money going back, or disputed (issue 22 item 11).
        const orderReversals = createOrderReversals({ db: database.db, log: app.log, now });
        await api.register(stripeWebhookRoutes, {
          gateway: paymentGateway,
          onPaymentSucceeded: (intent) => payments.settleSucceededIntent(intent),
          onPaymentRefunded: (intentId) => orderReversals.refunded(intentId),
          onPaymentDisputed: (intentId) => orderReversals.disputed(intentId),
        });
      }
      await api.register(ordersRoutes, {
        orders,
        ordersCsv: createOrdersCsv({ db: database.db, now, identity }),
        guards,
        ordersPerMinute: config.orderRateLimit,
      });
      await api.register(checkoutsRoutes, {
        orders,
        guards,
        checkoutsPerMinute: config.orderRateLimit,
      });
      await api.register(orderCancellationRoutes, {
        cancellation: createOrderCancellation({
          db: database.db,
          payments,
          invoices,
          tools,
          catalog,
          outbox,
          publicUrl: config.publicUrl,
          orderHoldHours: config.orderHoldHours,
          now,
        }),
        guards,
      });
      await api.register(salesRoutes, { sales, guards });
      await api.register(staffNotificationsRoutes, {
        staffNotifications: createStaffNotifications({
          db: database.db,
          adminEmails: config.adminEmails,
        }),
        guards,
      });
      await api.register(holdsRoutes, {
        holds: createHoldsService({ orders, identity }),
        guards,
      });
      await api.register(invoicesRoutes, { invoices, guards });
      await api.register(cartRoutes, {
        cart: createCartService({ db: database.db, catalog, tools, orders }),
        guards,
      });
      await api.register(quotesRoutes, {
        quotes,
        guards,
        requestsPerMinute: config.orderRateLimit,
      });
    },
    { prefix: API_BASE },
  );
  await app.register(identityRoutes, { auth, identity, origin: config.publicUrl });

  // The tools' uploaded pictures (DATA_DIR), before the web app's static files.
  registerToolImageFiles(app, config.toolImagesDir);
  // The built web app, its public pages rendered from the catalog (the static files beneath).
  await registerWebPages(app, {
    webDistDir: config.webDistDir,
    ssrEntry: config.webSsrEntry,
    catalog,
    identitySettings: { googleSignIn: config.google !== undefined },
    log: app.log,
  });

  await catalog.start();
  app.addHook('onReady', async () => {
    await outbox.start();
  });
  if (sweepExpiredOrders) {
    app.addHook('onReady', async () => {
      orderSweeper.start();
    });
  }
  app.addHook('onClose', async () => {
    const step = (name: string, run: () => Promise<void> | void) =>
      closeStep(app.log, name, BACKGROUND_STOP_LIMIT_MS, run);
    await step('the expiry sweep', () => orderSweeper.stop());
    await step('the catalog', () => catalog.stop());
    // The message in hand is finished; the rest wait in the outbox for any instance.
    await step('the e-mail outbox', () => outbox.stop());
    await step('the mailer', () => mailer.close());
    await onClose?.();
  });

  try {
    await app.ready();
  } catch (error) {
    await outbox.stop();
    await catalog.stop();
    throw error;
  }
  return app;
}
