import { eq } from 'drizzle-orm';
import type { CompanyRole } from '@tools-factory/contract';
import type { Executor } from '../../db/client.ts';
import { companyMembers } from './companies.table.ts';

/*
 * What the invoices module reads of company accounts for the Company page's open invoices
 * (issue 45): the caller's company and role, which decide what they see (its admins every open
 * invoice of the company, its buyers their own checkouts'), as Company Orders decides.
 */

/** The company `userId` belongs to and their role in it; undefined for an account of none. */
export async function selectCompanyRoleOfMember(
  executor: Executor,
  userId: string,
): Promise<{ companyId: string; role: CompanyRole } | undefined> {
  const [row] = await executor
    .select({ companyId: companyMembers.companyId, role: companyMembers.role })
    .from(companyMembers)
    .where(eq(companyMembers.userId, userId));
  return row;
}
