import { eq, inArray } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { MyCompanySchema } from '@tools-factory/contract';
import type { App } from '../../app.ts';
import type { TestAccount } from '../../testing/accounts.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { createTestTool } from '../../testing/factories.ts';
import { callAs, companyView, companyWithBuyer } from '../../testing/companies.ts';
import { injectAs, postOrder } from '../../testing/requests.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { orders } from '../orders/orders.table.ts';
import { tools } from '../tools/tools.table.ts';

// Issue 44 item 6: the limit is judged in each checkout's own transaction, under the buyer's
// placement lock, so that checkouts at once cannot all slip under it. On PostgreSQL
// (test:postgres) the ten requests run side by side; on PGlite one transaction at a time.

const it = appTest({ config: UNCAPPED_ORDERS });

async function buyerWithLimit(app: App, limit: number): Promise<TestAccount> {
  const { admin, buyer } = await companyWithBuyer(app, {
    legalName: 'Burst Supplies',
    admin: 'Cora Admin',
    buyer: 'Ben Burst',
  });
  companyView(
    await callAs(app, admin, 'PATCH', `/api/company/members/${buyer.userId}`, {
      monthlyLimit: limit,
    }),
  );
  return buyer;
}

describe('a monthly limit under concurrent checkouts (issue 44)', () => {
  it('ten checkouts at once against a limit that fits three: three placed, seven awaiting approval', async ({
    app,
  }) => {
    // $100 a checkout; the limit fits three ($300) and not a cent of a fourth.
    const buyer = await buyerWithLimit(app, 399.99);
    // A tool each: no tool's row lock puts them in a line; only the buyer's placement lock does.
    const tools10 = await Promise.all(
      Array.from({ length: 10 }, () =>
        createTestTool(app, { priceCents: 1000, minOrderQuantity: 1, availableQuantity: 1000 }),
      ),
    );
    const answers = await Promise.all(
      tools10.map((tool) => postOrder(app, buyer, tool, { quantity: 10 })),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);

    const rows = await app.database.db
      .select({ status: orders.status, checkoutId: orders.checkoutId })
      .from(orders)
      .where(eq(orders.userId, buyer.userId));
    expect(rows).toHaveLength(10);
    expect(new Set(rows.map((row) => row.checkoutId)).size).toBe(10);
    const count = (status: string) => rows.filter((row) => row.status === status).length;
    expect(count('unpaid')).toBe(3);
    expect(count('awaiting_approval')).toBe(7);

    // Counted once each: what the buyer spent is the three placed, and their stock all held.
    const company = MyCompanySchema.parse(
      (await injectAs(app, buyer, { url: '/api/company' })).json(),
    );
    expect(company.spending).toMatchObject({ spent: 300, left: 99.99 });
    const stock = await app.database.db
      .select({ available: tools.availableQuantity })
      .from(tools)
      .where(
        inArray(
          tools.id,
          tools10.map((tool) => tool.id),
        ),
      );
    expect(stock.map((row) => row.available)).toEqual(Array(10).fill(1000 - 10));
  });
});
