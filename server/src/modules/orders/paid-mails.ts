import type { Transaction } from '../../db/client.ts';
import type { MailAbout } from '../../mail/mailer.ts';
import type { OutboxWriter } from '../../mail/outbox.ts';
import type { QueuedMessage } from '../../mail/outbox-message.ts';
import { emailEvent, insertOrderEvents } from './order-events.repository.ts';

/** What a payment tells, and to whom: an order's or a checkout's (checkouts/checkout-paid-announcement.ts). */
export type PaidMails = {
  /** To the customer, the invoice named (its PDF is drawn when the e-mail leaves). */
  mail: QueuedMessage;
  about: MailAbout;
  /** To one of the staff (outbox.enqueueForStaff: each ADMIN_EMAILS address and opted-in admin). */
  staffMail: (to: string) => QueuedMessage;
  staffAbout: MailAbout;
  /** The orders paid: the customer's e-mail goes on each one's timeline, at `at`. */
  orderIds: readonly string[];
  at: Date;
};

/**
 * Writes a payment's e-mails in the payment's transaction, so they leave if and only if it
 * commits: the customer's, the staff's, and the customer's on each paid order's timeline.
 */
export async function enqueuePaidMails(
  tx: Transaction,
  outbox: OutboxWriter,
  paid: PaidMails,
): Promise<void> {
  await outbox.enqueue(tx, paid.mail, paid.about);
  await outbox.enqueueForStaff(tx, paid.staffMail, paid.staffAbout);
  await insertOrderEvents(
    tx,
    paid.orderIds.map((orderId) => emailEvent(orderId, paid.mail, paid.at)),
  );
}
