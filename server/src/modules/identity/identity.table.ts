import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.ts';

/**
 * Better Auth's tables (user, session, account, verification) on our own database. The storefront
 * adds `role` to the user: 'admin' or 'user', never settable by the user.
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: text('role', { enum: ['admin', 'user'] })
      .notNull()
      .default('user'),
    /**
     * An admin who asked for the staff e-mails (new orders, payments, quote requests, messages, low
     * stock); the ADMIN_EMAILS owners get them whatever this says (issue 25).
     */
    staffNotifications: boolean('staff_notifications').notNull().default(false),
    /**
     * Bumped by every password change: a session written for an older version (a sign-in that
     * read the old password while a reset ran) is refused when written and when used.
     */
    passwordVersion: integer('password_version').notNull().default(0),
    /**
     * What this account's unpaid orders may come to, in cents, as a shop admin set it (Stock
     * holds); null: the default for its kind of account (UNPAID_HOLD_LIMIT, UNVERIFIED_HOLD_LIMIT).
     */
    unpaidHoldLimitCents: integer('unpaid_hold_limit_cents'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Every order's e-mails read their readers (staff-notifications.ts): the addresses asked for,
    // by lower(email), or the admins who opted in. An index for each side of that OR (issue 43:
    // it was a scan of every account on every order).
    index('users_lower_email_idx').on(sql`lower(${t.email})`),
    index('users_staff_readers_idx')
      .on(t.id)
      .where(sql`${t.role} = 'admin' and ${t.staffNotifications}`),
    // ALL USERS a page at a time, oldest first (GET /users/search's keyset, issue 43).
    index('users_created_at_id_idx').on(t.createdAt, t.id),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamptz('expires_at').notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /** The account's password version when this session's sign-in began. */
    passwordVersion: integer('password_version').notNull().default(0),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamptz('access_token_expires_at'),
    refreshTokenExpiresAt: timestamptz('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);
