import {
  HELD_STATUSES,
  isEnded,
  ORDER_STATUSES,
  REVENUE_STATUSES,
  wasPaid,
} from '@tools-factory/contract';
import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { appTest } from '../../testing/app-fixtures.ts';
import { insertTestTool } from '../../testing/factories.ts';
import { selectTopTools, type DayWindow, type TopToolRow } from './order-figures.repository.ts';

const it = appTest();

/** A line as the model below reads it. */
type Line = {
  id: string;
  toolId: string;
  name: string;
  unitPriceCents: number;
  quantity: number;
  refundedCents: number;
  status: (typeof ORDER_STATUSES)[number];
  paidAt: string | null;
};

/** A small deterministic generator (mulberry32): the same lines for the same seed. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick };
}

const WINDOW: DayWindow = { from: '2030-03-01', to: '2030-03-10' };

/**
 * What the top list must be, written from its definition: of the lines paid within the window
 * (held lines never), each tool's revenue (what was kept), units of the lines that still stand
 * and the name its latest such line recorded (latest paid, then the greatest id); the tools with
 * a revenue, highest first, ties by name, then by id.
 */
function expectedTop(lines: readonly Line[], window: DayWindow, limit: number): TopToolRow[] {
  const from = Date.parse(`${window.from}T00:00:00Z`);
  const until = Date.parse(`${window.to}T00:00:00Z`) + 86_400_000;
  const byTool = new Map<string, { revenue: number; quantity: number; latest: Line }>();
  for (const line of lines) {
    if ((HELD_STATUSES as readonly string[]).includes(line.status) || line.paidAt === null)
      continue;
    const paid = Date.parse(line.paidAt);
    if (paid < from || paid >= until) continue;
    const tool = byTool.get(line.toolId) ?? { revenue: 0, quantity: 0, latest: line };
    tool.revenue += line.unitPriceCents * line.quantity - line.refundedCents;
    if ((REVENUE_STATUSES as readonly string[]).includes(line.status))
      tool.quantity += line.quantity;
    const latest = Date.parse(tool.latest.paidAt!);
    if (paid > latest || (paid === latest && line.id > tool.latest.id)) tool.latest = line;
    byTool.set(line.toolId, tool);
  }
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...byTool.entries()]
    .filter(([, tool]) => tool.revenue > 0)
    .sort(
      ([idA, a], [idB, b]) =>
        b.revenue - a.revenue || byText(a.latest.name, b.latest.name) || byText(idA, idB),
    )
    .slice(0, limit)
    .map(([toolId, tool]) => ({
      tool_id: toolId,
      name: tool.latest.name,
      revenue_cents: String(tool.revenue),
      quantity: String(tool.quantity),
    }));
}

describe("Sales' top tools", () => {
  it('are what their definition gives, ties at the cut included, for lines made at random', async ({
    app,
  }) => {
    const { db } = app.database;
    const toolIds = await Promise.all(
      Array.from(
        { length: 9 },
        async (_, index) => (await insertTestTool(db, { name: `t${index}` })).id,
      ),
    );
    const user = 'top-tools-buyer';
    await db.execute(
      sql`insert into users (id, name, email) values (${user}, 'Top', 'top-tools@example.com')`,
    );
    // Lowercase letters only: any collation orders them as JavaScript does.
    const names = ['anvil', 'awl', 'chisel', 'file', 'rasp', 'saw', 'vice'];
    const moments = [
      '2030-02-28T23:59:59.000Z',
      '2030-03-01T00:00:00.000Z',
      '2030-03-04T12:00:00.000Z',
      '2030-03-10T23:59:59.000Z',
      '2030-03-11T00:00:00.000Z',
    ];
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const random = generator(seed);
      await db.execute(sql`delete from orders where user_id = ${user}`);
      const checkoutId = crypto.randomUUID();
      await db.execute(
        sql`insert into checkouts (id, user_id, email, address) values (${checkoutId}, ${user}, 'top-tools@example.com', '1 Forge Lane')`,
      );
      const lines: Line[] = Array.from({ length: 60 }, () => {
        const status = random.pick(ORDER_STATUSES);
        // Few prices and quantities, so that revenues tie often.
        const unitPriceCents = random.pick([100, 200, 300]);
        const quantity = random.pick([1, 2, 3]);
        return {
          id: crypto.randomUUID(),
          toolId: random.pick(toolIds),
          name: random.pick(names),
          unitPriceCents,
          quantity,
          refundedCents: random.next() < 0.2 ? random.pick([0, 100, unitPriceCents * quantity]) : 0,
          status,
          // Never paid: unpaid, or ended unpaid (removed or expired, issue 44).
          paidAt: wasPaid(status) ? random.pick(moments) : null,
        };
      });
      for (const line of lines) {
        await db.execute(sql`
          insert into orders (id, user_id, email, tool_id, tool_name, tool_image, checkout_id,
                              unit_price_cents, quantity, refunded_cents, address, status, paid_at,
                              ended_at)
          values (${line.id}, ${user}, 'top-tools@example.com', ${line.toolId}, ${line.name},
                  'tool.png', ${checkoutId}, ${line.unitPriceCents}, ${line.quantity},
                  ${line.refundedCents}, '1 Forge Lane', ${line.status}, ${line.paidAt}::timestamptz,
                  ${isEnded(line.status) ? WINDOW.from : null}::timestamptz)`);
      }
      for (const limit of [0, 1, 2, 3, 5, 9, 12]) {
        expect(await selectTopTools(db, WINDOW, limit), `seed ${seed}, limit ${limit}`).toEqual(
          expectedTop(lines, WINDOW, limit),
        );
      }
    }
  });
});
