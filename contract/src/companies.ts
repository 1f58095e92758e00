import { z } from 'zod';
import { IdSchema, textSchema } from './common.ts';
import { texts } from './texts.ts';
import { EmailSchema } from './users.ts';

/*
 * Company accounts (issue 44): a business account that several buyers share. An account belongs
 * to one company at most, as its admin or as a buyer; a company always keeps an admin.
 */

/** A member's role: a company admin keeps the company and its members; a buyer buys. */
export const COMPANY_ROLES = ['admin', 'buyer'] as const;
export const CompanyRoleSchema = z.enum(COMPANY_ROLES, {
  error: () => texts.fieldErrors.notOneOf('role', COMPANY_ROLES),
});
export type CompanyRole = z.infer<typeof CompanyRoleSchema>;

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

export const CompanySchema = z.object({
  _id: IdSchema,
  legalName: z.string(),
  taxNumber: z.string(),
  billingAddress: z.string(),
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

/**
 * GET /company: the caller's company, their role in it, its members (admins first, then by
 * name) and, for its admins, the invitations waiting; `company` null when the account belongs
 * to none.
 */
export const MyCompanySchema = z.object({
  company: CompanySchema.nullable(),
  role: CompanyRoleSchema.nullable(),
  members: z.array(CompanyMemberSchema),
  invitations: z.array(CompanyInvitationSchema),
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

/** PATCH /company/members/{userId} (its admins): the member's new role. */
export const ChangeMemberRoleSchema = z.object({ role: CompanyRoleSchema });
export type ChangeMemberRoleInput = z.input<typeof ChangeMemberRoleSchema>;
