import { z } from 'zod';
import { IdSchema, MoneySchema, priceSchema, textSchema, wholeNumberSchema } from './common.ts';
import { CompanyRoleSchema } from './company-roles.ts';
import { keysetCursorSchema } from './keyset-cursor.ts';
import { texts } from './texts.ts';
import { EmailSchema } from './users.ts';

/*
 * Company accounts (issue 44): a business account that several buyers share. An account belongs
 * to one company at most, as its admin or as a buyer; a company always keeps an admin.
 */

export { COMPANY_ROLES, CompanyRoleSchema, type CompanyRole } from './company-roles.ts';

/** How long an invitation's link works. */
export const COMPANY_INVITATION_DAYS = 7;

/** The most members a company may have, invitations waiting included. */
export const COMPANY_MAX_MEMBERS = 200;

/** What the company's documents carry: its legal name, tax number and billing address. */
const companyDetailsFields = {
  legalName: textSchema('legal name', { max: 120 }),
  taxNumber: textSchema('tax number', { max: 40, required: false }).optional().default(''),
  billingAddress: textSchema('billing address', { max: 500 }),
};

/** POST /company: a new company, its creator its admin. */
export const CreateCompanySchema = z.object(companyDetailsFields);
export type CreateCompanyInput = z.input<typeof CreateCompanySchema>;

/** PATCH /company (its admins): the company's details, all of them. */
export const UpdateCompanySchema = z.object(companyDetailsFields);
export type UpdateCompanyInput = z.input<typeof UpdateCompanySchema>;

/**
 * The payment terms a shop admin may give a company (issue 45): its invoices are due this many
 * days after they are issued. A company without terms (null) pays every checkout by card.
 */
export const PAYMENT_TERMS_DAYS = [7, 15, 30, 45, 60, 90] as const;
export type PaymentTermsDays = (typeof PAYMENT_TERMS_DAYS)[number];

/**
 * What the shop agreed with a company (issue 45), set by the shop's admins: its payment terms
 * (null: card only), the most its open invoices may come to, whether each checkout must carry a
 * PO number, and whether it is exempt from tax (reverse charge, with its tax number).
 */
export const CompanyTermsSchema = z.object({
  paymentTermsDays: z.union(PAYMENT_TERMS_DAYS.map((days) => z.literal(days))).nullable(),
  /** In dollars: open invoices plus a new checkout on account must fit it. */
  creditLimit: MoneySchema,
  poNumberRequired: z.boolean(),
  taxExempt: z.boolean(),
});
export type CompanyTerms = z.infer<typeof CompanyTermsSchema>;

/** PUT /manageCompanies/{id}/terms (shop admins): the company's terms, all of them. */
export const UpdateCompanyTermsSchema = z.object({
  paymentTermsDays: z
    .union(
      PAYMENT_TERMS_DAYS.map((days) => z.literal(days)),
      { error: texts.companyErrors.badPaymentTerms(PAYMENT_TERMS_DAYS) },
    )
    .nullable(),
  creditLimit: priceSchema('credit limit', { allowZero: true }),
  poNumberRequired: z.boolean({ error: texts.companyErrors.trueOrFalse('poNumberRequired') }),
  taxExempt: z.boolean({ error: texts.companyErrors.trueOrFalse('taxExempt') }),
});
export type UpdateCompanyTermsInput = z.input<typeof UpdateCompanyTermsSchema>;
export type UpdateCompanyTerms = z.output<typeof UpdateCompanyTermsSchema>;

export const CompanySchema = z.object({
  _id: IdSchema,
  legalName: z.string(),
  taxNumber: z.string(),
  billingAddress: z.string(),
  /** Its checkouts ship only to its own addresses (none typed at checkout). */
  addressesLocked: z.boolean(),
  /** What the shop agreed with it (issue 45): every member sees them. */
  terms: CompanyTermsSchema,
  createdAt: z.string(),
});
export type Company = z.infer<typeof CompanySchema>;

export const CompanyMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: CompanyRoleSchema,
  /** When they joined (ISO 8601). */
  joinedAt: z.string(),
  /**
   * A buyer's monthly spending limit in dollars, and what counts against it this calendar month
   * (UTC): shown to the company's admins, and to each buyer for themself; null otherwise, and a
   * limit null for none.
   */
  monthlyLimit: MoneySchema.nullable(),
  spentThisMonth: MoneySchema.nullable(),
});
export type CompanyMember = z.infer<typeof CompanyMemberSchema>;

/** An invitation waiting for its addressee (its link is never shown again: it was e-mailed). */
export const CompanyInvitationSchema = z.object({
  _id: IdSchema,
  email: z.string(),
  role: CompanyRoleSchema,
  /** Who sent it (null once that account was removed). */
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type CompanyInvitation = z.infer<typeof CompanyInvitationSchema>;

/** The most ship-to addresses a company keeps. */
export const COMPANY_MAX_ADDRESSES = 100;

/** POST /company/addresses, PATCH /company/addresses/{id} (its admins): a ship-to address. */
export const ShipToAddressInputSchema = z.object({
  label: textSchema('label', { max: 60 }),
  name: textSchema('name', { max: 120 }),
  address: textSchema('address', { max: 500 }),
  phone: textSchema('phone', { max: 40, required: false }).optional().default(''),
});
export type ShipToAddressInput = z.input<typeof ShipToAddressInputSchema>;

/** A ship-to address the company keeps: its buyers choose it at checkout. */
export const ShipToAddressSchema = z.object({
  _id: IdSchema,
  label: z.string(),
  name: z.string(),
  address: z.string(),
  phone: z.string(),
});
export type ShipToAddress = z.infer<typeof ShipToAddressSchema>;

/** PUT /company/addresses/locked (its admins): whether checkouts ship only to these addresses. */
export const AddressesLockSchema = z.object({
  locked: z.boolean({ error: () => texts.fieldErrors.notOneOf('locked', ['true', 'false']) }),
});
export type AddressesLockInput = z.input<typeof AddressesLockSchema>;

/**
 * What a buyer may still spend this calendar month (UTC) before a checkout needs approval: every
 * order placed this month counts unless it awaits approval, or was removed, rejected or expired.
 */
export const SpendingSchema = z.object({
  /** The month, as YYYY-MM (UTC). */
  month: z.string(),
  monthlyLimit: MoneySchema,
  spent: MoneySchema,
  /** What is left of the limit (0 once spent). */
  left: MoneySchema,
});
export type Spending = z.infer<typeof SpendingSchema>;

/** A checkout of a buyer, past their monthly limit, waiting for a company admin's decision. */
export const PendingApprovalSchema = z.object({
  checkoutId: IdSchema,
  /** CO-... as the buyer's e-mail and My Orders name it. */
  reference: z.string(),
  buyer: z.object({ userId: z.string().nullable(), name: z.string(), email: z.string() }),
  poNumber: z.string(),
  placedAt: z.string(),
  /** Its goods, what the limit counts (shipping and tax follow from them). */
  total: MoneySchema,
  lines: z.array(
    z.object({ sku: z.string(), name: z.string(), quantity: z.number().int(), total: MoneySchema }),
  ),
  /** The buyer's limit now (null once lifted) and what counts against it this month. */
  monthlyLimit: MoneySchema.nullable(),
  spentThisMonth: MoneySchema,
  /** When its hold runs out if no one decides: it expires then, its stock back on sale. */
  expiresAt: z.string(),
});
export type PendingApproval = z.infer<typeof PendingApprovalSchema>;

/**
 * GET /company: the caller's company, their role in it, its members (admins first, then by
 * name), its ship-to addresses, the caller's own spending against their limit (null without one) and, for its admins,
 * the invitations waiting and the checkouts awaiting approval (oldest first); `company` null
 * when the account belongs to none.
 */
/**
 * What a company with payment terms owes on account and may still place (issue 45): its open
 * invoices' total less what was received, its credit limit less that, and whether an invoice is
 * past its due date (nothing more on account until it is paid).
 */
export const CompanyCreditSchema = z.object({
  openBalance: MoneySchema,
  creditLeft: MoneySchema,
  overdue: z.boolean(),
});
export type CompanyCredit = z.infer<typeof CompanyCreditSchema>;

export const MyCompanySchema = z.object({
  company: CompanySchema.nullable(),
  /** Its credit on account (issue 45); null without payment terms or a company. */
  credit: CompanyCreditSchema.nullable(),
  role: CompanyRoleSchema.nullable(),
  members: z.array(CompanyMemberSchema),
  invitations: z.array(CompanyInvitationSchema),
  /** Its ship-to addresses, by label: every member sees them (they choose them at checkout). */
  addresses: z.array(ShipToAddressSchema),
  spending: SpendingSchema.nullable(),
  approvals: z.array(PendingApprovalSchema),
});
export type MyCompany = z.infer<typeof MyCompanySchema>;

/** POST /company/invitations (its admins): who to invite, as what (a buyer unless said). */
export const InviteMemberSchema = z.object({
  email: EmailSchema,
  role: CompanyRoleSchema.optional().default('buyer'),
});
export type InviteMemberInput = z.input<typeof InviteMemberSchema>;

/** The secret of an invitation's link (the part after `#` of the e-mailed link). */
export const InvitationTokenSchema = z.object({
  token: textSchema('token', { max: 200 }),
});
export type InvitationTokenInput = z.input<typeof InvitationTokenSchema>;

/** POST /company/invitations/lookup: what the invitation offers, shown to its addressee only. */
export const InvitationPreviewSchema = z.object({
  companyName: z.string(),
  role: CompanyRoleSchema,
  email: z.string(),
  invitedBy: z.string().nullable(),
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

/**
 * PATCH /company/members/{userId} (its admins): the member's new role, or a buyer's monthly
 * spending limit in dollars ($0: every checkout needs approval; null: no limit). A member made
 * an admin loses their limit.
 */
export const ChangeMemberSchema = z
  .object({
    role: CompanyRoleSchema.optional(),
    monthlyLimit: priceSchema('monthly limit', { allowZero: true }).nullable().optional(),
  })
  .refine((change) => change.role !== undefined || change.monthlyLimit !== undefined, {
    message: texts.companyErrors.nothingToChange,
  });
export type ChangeMemberInput = z.input<typeof ChangeMemberSchema>;
export type ChangeMember = z.output<typeof ChangeMemberSchema>;

/** The checkout of /company/approvals/{checkoutId}/... (any text: a malformed id answers 404). */
export const CheckoutIdParamsSchema = z.object({
  checkoutId: textSchema('checkoutId', { max: 200 }),
});

/** POST /company/approvals/{checkoutId}/reject (its admins): why, told to the buyer. */
export const RejectCheckoutSchema = z.object({
  reason: textSchema('reason', { max: 500 }),
});
export type RejectCheckoutInput = z.input<typeof RejectCheckoutSchema>;

/** The largest page GET /manageCompanies answers, and its default. */
export const MANAGED_COMPANIES_MAX_PAGE_SIZE = 200;
export const MANAGED_COMPANIES_PAGE_SIZE = 50;

/**
 * GET /manageCompanies (shop admins): the companies newest first, `q` found in the legal name or
 * tax number; `after` is the `next` of the page before.
 */
export const ManagedCompaniesQuerySchema = z.object({
  q: textSchema('q', { max: 200, required: false }).optional(),
  pageSize: wholeNumberSchema('pageSize', { min: 1, max: MANAGED_COMPANIES_MAX_PAGE_SIZE })
    .optional()
    .default(MANAGED_COMPANIES_PAGE_SIZE),
  after: keysetCursorSchema(texts.companyErrors.badCursor).optional(),
});
export type ManagedCompaniesQuery = z.input<typeof ManagedCompaniesQuerySchema>;

/** An account as the shop's admins see it beside a company: who, by name and address. */
const PersonSchema = z.object({ userId: z.string(), name: z.string(), email: z.string() });

/** A company in the shop admins' list: who runs it, how many buy, what it has placed. */
export const ManagedCompanySummarySchema = z.object({
  _id: IdSchema,
  legalName: z.string(),
  taxNumber: z.string(),
  members: z.number().int().nonnegative(),
  admins: z.array(PersonSchema),
  /** Its checkouts, every status but ended ones. */
  checkouts: z.number().int().nonnegative(),
  /** Its checkouts waiting for one of its admins' approval. */
  awaitingApproval: z.number().int().nonnegative(),
  createdAt: z.string(),
});
export type ManagedCompanySummary = z.infer<typeof ManagedCompanySummarySchema>;

export const ManagedCompaniesPageSchema = z.object({
  companies: z.array(ManagedCompanySummarySchema),
  total: z.number().int().nonnegative(),
  next: z.string().nullable(),
});
export type ManagedCompaniesPage = z.infer<typeof ManagedCompaniesPageSchema>;

/**
 * GET /manageCompanies/{id} (shop admins): the company as its own admins see it (members with
 * their limits and spending, addresses, checkouts awaiting approval), and how many checkouts it
 * has; its checkouts themselves are Manage Orders' search with `companyId`.
 */
export const ManagedCompanySchema = z.object({
  company: CompanySchema,
  members: z.array(CompanyMemberSchema),
  addresses: z.array(ShipToAddressSchema),
  approvals: z.array(PendingApprovalSchema),
  checkouts: z.number().int().nonnegative(),
});
export type ManagedCompany = z.infer<typeof ManagedCompanySchema>;

/**
 * DELETE /user/{email}?successor= (shop admins): the member who becomes the company's admin when
 * the account removed is its only one (issue 44); without it, that removal is refused (409).
 */
export const RemoveUserQuerySchema = z.object({
  successor: textSchema('successor', { max: 200, required: false }).optional(),
});
