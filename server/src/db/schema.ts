/** Every table, for Drizzle, drizzle-kit and Better Auth's adapter. */
export * from '../modules/identity/identity.table.ts';
export * from '../modules/tools/tools.table.ts';
export * from '../modules/reviews/reviews.table.ts';
export * from '../modules/gallery/gallery.table.ts';
export * from '../modules/orders/orders.table.ts';
export * from '../modules/payments/payments.table.ts';
export * from '../modules/profiles/profiles.table.ts';
