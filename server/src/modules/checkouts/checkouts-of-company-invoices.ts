import { sql, type SQL } from 'drizzle-orm';
import { checkouts } from './checkouts.table.ts';

/*
 * What the invoices module reads of checkouts for the Company page's open invoices (issue 45): a
 * company's buyer sees the invoices of their own checkouts only, as in Company Orders.
 */

/** The ids of the checkouts `userId` placed, as a subquery (off the checkouts' user index). */
export function checkoutsOfBuyerSql(userId: string): SQL<string> {
  return sql<string>`(select ${checkouts.id} from ${checkouts} where ${checkouts.userId} = ${userId})`;
}
