import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { companyMembers } from './companies.table.ts';

/*
 * What the orders' placement reads of company accounts (issue 44), as a fragment of its own first
 * statement: a placement runs no query of its own for it.
 */

/** The id of the company `userId` belongs to (null for none), as a scalar subquery. */
export function companyOfAccountSql(userId: SQLWrapper): SQL<string | null> {
  return sql<
    string | null
  >`(select ${companyMembers.companyId} from ${companyMembers} where ${companyMembers.userId} = ${userId})`;
}
