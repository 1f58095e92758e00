import { eq } from 'drizzle-orm';
import { type ManagedOrder, canShip, isShipped } from '@tools-factory/contract';
import type { Transaction } from '../../db/client.ts';
import type { OutboxWriter } from '../../mail/outbox.ts';
import { checkoutShippedMail, orderShippedMail } from '../../mail/templates/orders.ts';
import { checkoutHeadOf } from './checkout-head.ts';
import { checkouts } from './checkouts.table.ts';
import {
  emailEvent,
  type NewOrderEvent,
  type OrderLinesOfCheckouts,
  type OrderRow,
} from '../orders/orders-of-checkouts.ts';

/**
 * The customer's shipped e-mail (issue 26): admins ship a checkout line by line, and the customer
 * hears once, when its last line ships, of every line on its way (a one-line checkout: when it
 * ships, as an order always was). Lines shipped before the last send nothing to the customer.
 */
export function createShippedAnnouncement(options: {
  outbox: OutboxWriter;
  publicUrl: string;
  managedOrderDto: (row: OrderRow) => ManagedOrder;
  orderLines: Pick<OrderLinesOfCheckouts, 'linesOf'>;
}) {
  const { outbox, publicUrl, managedOrderDto, orderLines } = options;
  return {
    /**
     * In the transaction that has just shipped `row`: its e-mail when it was the checkout's last
     * line to ship, and the timeline's e-mail events (none when nothing was sent).
     */
    async announce(tx: Transaction, row: OrderRow, at: Date): Promise<NewOrderEvent[]> {
      // Two admins shipping the last two lines at once: the checkout's row queues them, so the
      // second sees the first's line shipped and sends the one e-mail.
      await tx
        .select({ id: checkouts.id })
        .from(checkouts)
        .where(eq(checkouts.id, row.checkoutId))
        .for('update');
      const lines = await orderLines.linesOf(tx, row.checkoutId);
      if (lines.length <= 1) {
        const mail = orderShippedMail(managedOrderDto(row), { publicUrl });
        await outbox.enqueue(tx, mail, { orderId: row.id, mail: 'order shipped' });
        return [emailEvent(row.id, mail, at)];
      }
      // A line still to ship: the customer hears when it does.
      if (lines.some((line) => canShip(line.status))) return [];
      const shipped = lines.filter((line) => isShipped(line.status)).map(managedOrderDto);
      const [first] = shipped;
      if (!first) return [];
      const mail = checkoutShippedMail(checkoutHeadOf(first), shipped, { publicUrl });
      await outbox.enqueue(tx, mail, { checkoutId: row.checkoutId, mail: 'checkout shipped' });
      return shipped.map((line) => emailEvent(line._id, mail, at));
    },
  };
}
