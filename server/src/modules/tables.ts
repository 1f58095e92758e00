/**
 * Every module's tables, for drizzle-kit (server/drizzle.config.ts) and the demo seed. The
 * database handle itself knows no table (db/client.ts); each repository imports its own.
 */
export * from './identity/identity.table.ts';
export * from './categories/categories.table.ts';
export * from './tools/tools.table.ts';
export * from './tools/stock-movements.table.ts';
export * from './tools/tool-search.table.ts';
export * from './reviews/reviews.table.ts';
export * from './gallery/gallery.table.ts';
export * from './checkouts/checkouts.table.ts';
export * from './orders/orders.table.ts';
export * from './orders/order-events.table.ts';
export * from './orders/shipments.table.ts';
export * from './payments/payments.table.ts';
export * from './profiles/profiles.table.ts';
export * from './companies/companies.table.ts';
export * from './quotes/quotes.table.ts';
export * from './invoices/invoices.table.ts';
export * from './cart/cart.table.ts';
export * from './contact/contact.table.ts';
export * from '../mail/outbox.table.ts';
export * from './health/health.table.ts';
