import { COMPANY_ROLES } from '@tools-factory/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { randomUuidKey, timestamptz } from '../../db/columns.ts';
import { users } from '../identity/identity.table.ts';

/**
 * A company account (issue 44): the business several buyers share. Its legal name, tax number and
 * billing address are what its invoices carry, copied when each is issued.
 */
export const companies = pgTable(
  'companies',
  {
    id: randomUuidKey(),
    legalName: text('legal_name').notNull(),
    taxNumber: text('tax_number').notNull().default(''),
    billingAddress: text('billing_address').notNull(),
    /**
     * Set by its admins: every checkout of its members ships to one of its addresses
     * (company_addresses), none typed at checkout; the placement refuses any other.
     */
    addressesLocked: boolean('addresses_locked').notNull().default(false),
    /**
     * What the shop agreed with it (issue 45), set by the shop's admins: its invoices are due this
     * many days after issue (null: no terms, card only); its open invoices may come to at most
     * `credit_limit_cents`; each checkout must carry a PO number; it is exempt from tax (reverse
     * charge), which its tax number must say.
     */
    paymentTermsDays: integer('payment_terms_days'),
    creditLimitCents: integer('credit_limit_cents').notNull().default(0),
    poNumberRequired: boolean('po_number_required').notNull().default(false),
    taxExempt: boolean('tax_exempt').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // PAYMENT_TERMS_DAYS as SQL (companies.terms.test.ts proves the two agree).
    check(
      'companies_payment_terms_offered',
      sql`${t.paymentTermsDays} is null or ${t.paymentTermsDays} in (7, 15, 30, 45, 60, 90)`,
    ),
    check('companies_credit_limit_not_negative', sql`${t.creditLimitCents} >= 0`),
    check('companies_tax_exempt_named', sql`not ${t.taxExempt} or ${t.taxNumber} <> ''`),
  ],
);

/**
 * Who belongs to which company, as what. The account is the key: an account belongs to one
 * company at most, whatever two requests at once try (the database refuses the second). Removing
 * the account removes its membership; removing the company removes its members' rows, never their
 * accounts.
 */
export const companyMembers = pgTable(
  'company_members',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    role: text('role', { enum: COMPANY_ROLES }).notNull(),
    joinedAt: timestamptz('joined_at').notNull().defaultNow(),
    /**
     * A buyer's monthly spending limit in cents (null: none): a checkout that would take their
     * spending this calendar month (UTC) past it awaits a company admin's approval. An admin has
     * none: a change of role to admin clears it.
     */
    monthlyLimitCents: integer('monthly_limit_cents'),
  },
  (t) => [
    check(
      'company_members_limit_of_buyers',
      sql`${t.monthlyLimitCents} is null or (${t.role} = 'buyer' and ${t.monthlyLimitCents} >= 0)`,
    ),
    // COMPANY_ROLES as SQL (companies.test.ts proves the two agree).
    check('company_members_role_known', sql`${t.role} in ('admin', 'buyer')`),
    // A company's members, and the count of its admins that every change of role takes.
    index('company_members_company_id_role_idx').on(t.companyId, t.role),
  ],
);

/**
 * An invitation to join a company, e-mailed to `email` with a link whose secret only its SHA-256
 * is kept (`token_hash`): a copy of the table never lets anyone join. Pending until accepted,
 * declined or revoked; it stops working at `expires_at` whatever its status says. At most one
 * pending invitation per company and address: a new one revokes the one before.
 */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: randomUuidKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The addressee, lower case: only an account of this address, verified, may accept. */
    email: text('email').notNull(),
    role: text('role', { enum: COMPANY_ROLES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'revoked'] })
      .notNull()
      .default('pending'),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    /** When it was accepted or revoked. */
    answeredAt: timestamptz('answered_at'),
  },
  (t) => [
    check('company_invitations_role_known', sql`${t.role} in ('admin', 'buyer')`),
    check(
      'company_invitations_status_known',
      sql`${t.status} in ('pending', 'accepted', 'revoked')`,
    ),
    check('company_invitations_email_lower', sql`${t.email} = lower(${t.email})`),
    uniqueIndex('company_invitations_token_hash_idx').on(t.tokenHash),
    uniqueIndex('company_invitations_pending_email_idx')
      .on(t.companyId, t.email)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * A ship-to address the company keeps (issue 44): a label its buyers know it by, who receives,
 * where, and a phone. Chosen at checkout, it is copied onto the checkout (as a typed one is), so a
 * later edit or removal never changes where a placed checkout went. Labels are unique in the
 * company, whatever their case.
 */
export const companyAddresses = pgTable(
  'company_addresses',
  {
    id: randomUuidKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    phone: text('phone').notNull().default(''),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('company_addresses_company_id_label_idx').on(t.companyId, sql`lower(${t.label})`),
  ],
);
