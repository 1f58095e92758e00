import { hostname } from 'node:os';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { API_BASE } from '@tools-factory/contract';
import { requireDeclaredRows } from './authorization.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createCatalogSnapshot, type CatalogSnapshot } from './catalog/catalog-snapshot.ts';
import { cartForCheckout, createCartModule } from './modules/cart/cart.module.ts';
import { createCategoriesModule } from './modules/categories/categories.module.ts';
import { createCheckoutsModule } from './modules/checkouts/checkouts.module.ts';
import { createContactModule } from './modules/contact/contact.module.ts';
import { createGalleryModule } from './modules/gallery/gallery.module.ts';
import { createHealthModule } from './modules/health/health.module.ts';
import { createHoldsModule } from './modules/holds/holds.module.ts';
import { runGuardsFirst, type AuthGuards } from './modules/identity/auth-guard.ts';
import type { Auth } from './modules/identity/auth.ts';
import { createIdentityModule } from './modules/identity/identity.module.ts';
import type { IdentityService } from './modules/identity/identity.service.ts';
import { accountsMailDirectory } from './modules/identity/staff-notifications.ts';
import { createInvoicesModule } from './modules/invoices/invoices.module.ts';
import type { InvoiceReminders } from './modules/invoices/invoice-reminders.ts';
import type { CheckoutsService } from './modules/checkouts/checkouts.service.ts';
import { createOrdersModule } from './modules/orders/orders.module.ts';
import type { OrdersService } from './modules/orders/orders.service.ts';
import { createCheckoutPaidAnnouncement } from './modules/checkouts/checkout-paid-announcement.ts';
import { createPaymentsModule } from './modules/payments/payments.module.ts';
import { createProfilesModule } from './modules/profiles/profiles.module.ts';
import { createCompaniesModule } from './modules/companies/companies.module.ts';
import { createQuotesModule } from './modules/quotes/quotes.module.ts';
import { createReviewsModule } from './modules/reviews/reviews.module.ts';
import { selectReceivablesTotals } from './modules/invoices/invoices-of-sales.ts';
import { createSalesModule } from './modules/sales/sales.module.ts';
import { createToolsModule } from './modules/tools/tools.module.ts';
import type { ToolsService } from './modules/tools/tools.service.ts';
import { createUsersModule } from './modules/users/users.module.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createOutbox, type Outbox, type OutboxTiming } from './mail/outbox.ts';
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
import { createPgliteUpkeep } from './db/pglite-upkeep.ts';

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
    checkouts: CheckoutsService;
    tools: ToolsService;
    /** The payment reminders of invoices on account (issue 45): tests sweep with their clock. */
    invoiceReminders: InvoiceReminders;
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
  /**
   * Run the periodic sweep of payment reminders (issue 45) once ready (default true). Test apps
   * leave it off and call `app.invoiceReminders.sweepInvoiceReminders(now)` with their clock.
   */
  sweepInvoiceReminders?: boolean;
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
  sweepInvoiceReminders = true,
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
  const { db } = database;
  // The sources are the modules that tell the snapshot of their changes, built just below: the
  // snapshot first reads them in catalog.start(), once they all exist.
  const catalog = createCatalogSnapshot({
    database,
    log: app.log,
    sources: {
      // The category tree the pages count with is read with the tools that name it.
      tools: async () => {
        await categories.service.reloadTree();
        return tools.service.listVersionedCatalog();
      },
      reviews: () => reviews.service.list(),
      gallery: () => gallery.service.list(),
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
    // Drawn when the message leaves, by the invoices module built below.
    renderAttachment: (recipe) =>
      invoices.service.attachmentPdf(
        recipe.kind === 'invoice-pdf' ? 'invoice' : 'credit-note',
        recipe.id,
      ),
    // An instance's own messages land in its own DATA_DIR/outbox (without SMTP_URL) first.
    origin: `${hostname()}:${config.dataDir}`,
    log: app.log,
    timing: outboxTiming,
    // The staff e-mails go to these, and to the admins who turned them on; each reader is
    // greeted by their account's name.
    adminEmails: config.adminEmails,
    directory: accountsMailDirectory,
  });

  // The modules, each after those it needs (docs/architecture.md#server-modules).
  const identity = createIdentityModule({ config, db, outbox, log: app.log });
  const { guards } = identity;
  const profiles = createProfilesModule({ db, identity: identity.service, guards });
  const contact = createContactModule({
    db,
    outbox,
    identity: identity.service,
    publicUrl: config.publicUrl,
    guards,
    messagesPerWindow: config.contactRateLimit,
  });
  const gallery = createGalleryModule({ db, catalog });
  const categories = createCategoriesModule({
    db,
    catalog,
    // The tools module, built just below, counts what a category holds.
    contents: { toolsOnSaleIn: (executor, id) => tools.service.toolsOnSaleIn(executor, id) },
    homePageToolsLimit: config.homePageToolsLimit,
    guards,
  });
  const tools = createToolsModule({
    db,
    catalog,
    categories: categories.service,
    outbox,
    publicUrl: config.publicUrl,
    accounts: identity.service,
    guards,
    imagesDir: config.toolImagesDir,
    searchesPerMinute: config.searchRateLimit,
  });
  const orders = createOrdersModule({
    config,
    db,
    catalog,
    tools: tools.service,
    identity: identity.service,
    outbox,
    guards,
    log: app.log,
    now,
    transactionsRunAlone: database.kind === 'pglite',
    // Built after orders (it reads the checkouts' lines): reached when an admin approves a
    // checkout placed on account (issue 45).
    invoiceOnAccount: (tx, written) => invoices.onAccount.invoice(tx, written),
  });
  const companies = createCompaniesModule({
    db,
    identity: identity.service,
    outbox,
    orders: orders.service,
    publicUrl: config.publicUrl,
    now,
    guards,
  });
  const users = createUsersModule({
    identity: identity.service,
    accessTokens: identity.accessTokens,
    adminEmails: config.adminEmails,
    companies: companies.service,
    guards,
  });
  const checkouts = createCheckoutsModule({
    db,
    orders: orders.service,
    orderLines: orders.linesOfCheckouts,
    cart: cartForCheckout,
    catalog,
    tools: tools.service,
    guards,
    publicUrl: config.publicUrl,
    orderHoldHours: config.orderHoldHours,
    checkoutsPerMinute: config.orderRateLimit,
    companies: companies.service,
    // The invoices module reads the checkouts' lines, so it is built after them: a checkout on
    // account (issue 45) reaches its invoices through it when one is placed.
    onAccount: {
      ensureMayPlace: (caller) => invoices.onAccount.ensureMayPlace(caller),
      invoice: (tx, written) => invoices.onAccount.invoice(tx, written),
    },
  });
  const reviews = createReviewsModule({ db, catalog, buyers: orders.buyers, guards });
  const cart = createCartModule({
    db,
    catalog,
    tools: tools.service,
    orders: orders.service,
    shippingRates: config.shippingRates,
    guards,
  });
  const quotes = createQuotesModule({
    db,
    orders: orders.service,
    cart: cart.service,
    tools: tools.service,
    catalog,
    outbox,
    publicUrl: config.publicUrl,
    now,
    guards,
    requestsPerMinute: config.orderRateLimit,
  });
  const holds = createHoldsModule({ orders: orders.service, identity: identity.service, guards });
  const sales = createSalesModule({
    figures: orders.figures,
    receivables: (at) => selectReceivablesTotals(db, at),
    now,
    guards,
  });
  const invoices = createInvoicesModule({
    db,
    orders: orders.service,
    identity: identity.service,
    seller: config.seller,
    checkoutLines: checkouts.checkoutLines,
    guards,
    orderHoldHours: config.orderHoldHours,
    now,
    outbox,
    publicUrl: config.publicUrl,
    reminderSweepSeconds: config.invoiceReminderSweepSeconds,
    log: app.log,
    announcePaid: (tx, paid, invoice) => paidAnnouncement.announce(tx, paid, invoice),
  });
  // A checkout settled on account is told paid as a card payment tells it (issue 45).
  const paidAnnouncement = createCheckoutPaidAnnouncement({
    orders: orders.service,
    outbox,
    publicUrl: config.publicUrl,
    now,
  });
  const payments = await createPaymentsModule({
    config,
    db,
    orders: orders.service,
    checkoutLines: checkouts.checkoutLines,
    invoices: invoices.service,
    reversals: orders.reversals,
    outbox,
    guards,
    log: app.log,
    now,
  });
  const health = createHealthModule({ database, storage, log: app.log });
  app.decorate('mailer', mailer);
  app.decorate('outbox', outbox);
  app.decorate('auth', identity.auth);
  app.decorate('identity', identity.service);
  app.decorate('guards', guards);
  app.decorate('orders', orders.service);
  app.decorate('checkouts', checkouts.service);
  app.decorate('tools', tools.service);
  app.decorate('invoiceReminders', invoices.reminders);

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
    paths: identity.openApiPaths,
    requestBodies: tools.openApiRequestBodies,
  });

  await app.register(
    async (api) => {
      await api.register(health.routes);
      await api.register(tools.routes);
      await api.register(reviews.routes);
      await api.register(contact.routes);
      await api.register(profiles.routes);
      await api.register(companies.routes);
      await api.register(gallery.routes);
      await api.register(categories.routes);
      await api.register(users.routes);
      await api.register(identity.routes);
      await api.register(payments.routes);
      await api.register(orders.routes, {
        payments: payments.service,
        invoices: invoices.service,
      });
      await api.register(checkouts.routes);
      await api.register(sales.routes);
      await api.register(holds.routes);
      await api.register(invoices.routes);
      await api.register(cart.routes);
      await api.register(quotes.routes);
    },
    { prefix: API_BASE },
  );
  await app.register(identity.authRoutes);

  // The tools' uploaded pictures (DATA_DIR), before the web app's static files.
  tools.registerImageFiles(app);
  // The built web app, its public pages rendered from the catalog (the static files beneath).
  await registerWebPages(app, {
    webDistDir: config.webDistDir,
    ssrEntry: config.webSsrEntry,
    catalog,
    categoryPages: categories.pages,
    identitySettings: { googleSignIn: config.google !== undefined },
    log: app.log,
  });

  await catalog.start();
  app.addHook('onReady', async () => {
    await outbox.start();
  });
  if (sweepExpiredOrders) {
    app.addHook('onReady', async () => {
      orders.sweeper.start();
    });
  }
  if (sweepInvoiceReminders) {
    app.addHook('onReady', async () => {
      invoices.reminderSweeper.start();
    });
  }
  // PGlite has no autovacuum: the server vacuums and analyzes it (decision 061).
  const pgliteUpkeep =
    database.kind === 'pglite' ? createPgliteUpkeep({ db, log: app.log }) : undefined;
  app.addHook('onReady', async () => {
    pgliteUpkeep?.start();
  });
  app.addHook('onClose', async () => {
    const step = (name: string, run: () => Promise<void> | void) =>
      closeStep(app.log, name, BACKGROUND_STOP_LIMIT_MS, run);
    await step('the expiry sweep', () => orders.sweeper.stop());
    await step('the reminder sweep', () => invoices.reminderSweeper.stop());
    await step('the PGlite upkeep', () => pgliteUpkeep?.stop());
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
