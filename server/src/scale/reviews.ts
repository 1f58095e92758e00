import type { Executor } from '../db/client.ts';
import { reviews } from '../modules/tables.ts';
import { insertJsonRows } from './json-rows.ts';
import type { PlannedCheckout } from './orders-plan.ts';
import { scaleId, seededRandom } from './random.ts';

const OPENINGS = [
  (count: number, tool: string) => `We ordered ${count} ${tool} for our crews.`,
  (count: number, tool: string) => `Our order of ${count} ${tool} arrived in good time.`,
  (count: number, tool: string) => `Bought ${count} ${tool} for the new contract.`,
] as const;

/** The second sentence by rating, 1 to 5 stars. */
const VERDICTS = [
  [
    'Several arrived damaged and the replacements took weeks.',
    'Not what the description promised; we sent most back.',
  ],
  [
    'Quality was uneven across the batch, and delivery slipped by a week.',
    'Usable, but the finish is rougher than on our usual supplier.',
  ],
  [
    'Decent tools for the price; packaging could be better.',
    'Fine for site use, nothing special. Invoicing was clear.',
  ],
  [
    'Solid quality, well packed, and the volume pricing made the difference.',
    'Good tools and an invoice our accounts team could file straight away.',
  ],
  [
    'Every one arrived well packed, and they still feel solid after a full season.',
    'Excellent quality and quick shipping. We will reorder.',
    'The best value we have found for bulk orders, and support answered within the hour.',
  ],
] as const;

/**
 * Reviews of the shop by customers who bought (the reviews module keeps the account's name and
 * e-mail beside the text), most of them good, written some days after a shipped checkout.
 */
export async function insertScaleReviews(
  executor: Executor,
  count: number,
  plannedCheckouts: readonly PlannedCheckout[],
  seed: number,
  now: Date,
): Promise<number> {
  const random = seededRandom(seed, 'reviews');
  const shipped = plannedCheckouts.filter((checkout) => checkout.shipments.length > 0);
  if (shipped.length === 0 || count === 0) return 0;
  const rows = Array.from({ length: count }, (_, index) => {
    const checkout = random.pick(shipped);
    const line = random.pick(checkout.lines);
    const rating = random.weighted([
      [5, 55],
      [4, 28],
      [3, 10],
      [2, 4],
      [1, 3],
    ] as const);
    const shippedAt = checkout.shipments.at(-1)!.at.getTime();
    const writtenAt = Math.min(now.getTime() - 60_000, shippedAt + random.int(2, 30) * 86_400_000);
    const tool = `${line.tool.kind.label.toLowerCase()} ${line.tool.family.name.toLowerCase()}`;
    return {
      id: scaleId(seed, 'review', index),
      user_id: checkout.customer.id,
      name: checkout.customer.name,
      email: checkout.customer.email,
      review: `${random.pick(OPENINGS)(line.quantity, tool)} ${random.pick(VERDICTS[rating - 1]!)}`,
      rating,
      created_at: new Date(writtenAt).toISOString(),
    };
  });
  return insertJsonRows(
    executor,
    reviews,
    {
      id: 'uuid',
      user_id: 'text',
      name: 'text',
      email: 'text',
      review: 'text',
      rating: 'int',
      created_at: 'timestamptz',
    },
    rows,
  );
}
