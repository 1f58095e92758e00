import { z } from 'zod';
import { texts } from './texts.ts';

/**
 * A member's role in a company account (issue 44): a company admin keeps the company and its
 * members; a buyer buys. Apart from companies.ts, so that the accounts' schemas (users.ts) name
 * it without importing the companies' (which import theirs).
 */
export const COMPANY_ROLES = ['admin', 'buyer'] as const;
export const CompanyRoleSchema = z.enum(COMPANY_ROLES, {
  error: () => texts.fieldErrors.notOneOf('role', COMPANY_ROLES),
});
export type CompanyRole = z.infer<typeof CompanyRoleSchema>;
