import { routes, serverTexts } from '@tools-factory/contract';
import type { QueuedMessage } from '../outbox-message.ts';
import { composeMail } from './layout.ts';

const words = serverTexts.shippingMail;

/**
 * Sent once an admin quoted the shipping of a checkout placed while shipping is quoted after
 * ordering (issue 42): what it costs, the total now, and the way to pay.
 */
export function shippingQuotedMail(
  checkout: { id: string; reference: string; email: string; shipping: number; total: number },
  options: { publicUrl: string },
): QueuedMessage {
  return composeMail({
    to: checkout.email,
    subject: words.subject(checkout.reference),
    blocks: [
      {
        kind: 'paragraph',
        text: words.body(checkout.reference, checkout.shipping, checkout.total),
      },
      {
        kind: 'action',
        label: words.pay,
        url: `${options.publicUrl}${routes.dashboardCheckoutPayment(checkout.id)}`,
      },
    ],
  });
}
