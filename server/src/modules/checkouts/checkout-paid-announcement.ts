import { centsToDollars } from '@tools-factory/contract';
import type { Transaction } from '../../db/client.ts';
import type { OutboxWriter } from '../../mail/outbox.ts';
import { checkoutPaidMail } from '../../mail/templates/orders.ts';
import { checkoutPaidForStaffMail } from '../../mail/templates/staff.ts';
import type { Invoice } from '../invoices/invoices.service.ts';
import { checkoutHeadOf } from './checkout-head.ts';
import type { OrdersService, PayableOrder } from '../orders/orders.service.ts';
import { enqueuePaidMails } from '../orders/paid-mails.ts';

/**
 * Tells the customer (and the staff) that a checkout is paid, in the payment's transaction,
 * wherever the payment was confirmed: one e-mail for all its lines (issue 26), the one invoice
 * attached. A one-line checkout (an order placed on its own) is told as an order always was.
 */
export function createCheckoutPaidAnnouncement(options: {
  orders: Pick<OrdersService, 'announcePaid'>;
  outbox: OutboxWriter;
  publicUrl: string;
  now: () => Date;
}) {
  const { orders, outbox, publicUrl, now } = options;
  return {
    async announce(tx: Transaction, paid: readonly PayableOrder[], invoice: Invoice) {
      const lines = paid.map(({ order }) => order);
      const [first] = lines;
      if (!first) return;
      const document = { id: invoice.id, number: invoice.number };
      // A line alone is told as an order always was, unless shipping was paid with it.
      if (lines.length === 1 && invoice.shippingCents === 0) {
        await orders.announcePaid(tx, first, document);
        return;
      }
      const checkout = checkoutHeadOf(first, centsToDollars(invoice.shippingCents));
      // On each line's timeline, by the service's clock: after the payment.
      const at = now();
      await enqueuePaidMails(tx, outbox, {
        mail: checkoutPaidMail(checkout, lines, {
          publicUrl,
          invoice: document,
          transactionId: invoice.transactionId,
        }),
        about: { checkoutId: checkout._id, invoiceId: invoice.id, mail: 'checkout paid' },
        staffMail: (to) =>
          checkoutPaidForStaffMail(checkout, lines, {
            publicUrl,
            to,
            invoiceNumber: invoice.number,
            paidAt: at.toISOString(),
          }),
        staffAbout: { checkoutId: checkout._id, mail: 'checkout paid, to staff' },
        orderIds: lines.map(({ _id }) => _id),
        at,
      });
    },
  };
}
