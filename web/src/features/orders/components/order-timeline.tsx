import { orderAdminTexts, type OrderEvent } from '@tools-factory/contract';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useDownloadCreditNoteById } from '../api/download-credit-note';

const words = orderAdminTexts.orderPage;

/** What an event adds to its line: the tracking, the e-mail's subject, the credit note. */
function eventDetail(event: OrderEvent): string {
  const { detail } = event;
  switch (event.kind) {
    case 'shipped':
      return [detail.carrier, detail.trackingNumber].filter(Boolean).join(' ');
    case 'email':
      return detail.subject ?? '';
    case 'cancelled':
      return [detail.amount, detail.creditNote].filter(Boolean).join(', ');
    case 'refunded':
      // An admin's partial refund names its amount and credit note; the gateway's, the payment.
      return detail.creditNote
        ? [detail.amount, detail.creditNote].filter(Boolean).join(', ')
        : (detail.transactionId ?? '');
    case 'paid':
    case 'disputed':
      return detail.transactionId ?? '';
    case 'payment_received':
      return [detail.amount, detail.bankReference].filter(Boolean).join(', ');
    default:
      return '';
  }
}

/** What happened, in words: a cancellation without refund and an admin's partial refund apart. */
function eventLabel(event: OrderEvent): string {
  if (event.kind === 'cancelled' && event.detail.refund === 'none') {
    return words.cancelledWithoutRefund;
  }
  if (event.kind === 'refunded' && event.detail.creditNote) return words.partRefunded;
  return words.events[event.kind];
}

/** The order's timeline, oldest first: what happened, when (as the pages write dates), who. */
export function OrderTimeline({ events }: { events: OrderEvent[] }) {
  const download = useDownloadCreditNoteById();
  if (events.length === 0) return <p className="text-sm">{words.noEvents}</p>;
  return (
    <ol className="border-base-300 ml-2 flex flex-col gap-3 border-l-2 pl-4">
      {events.map((event, index) => {
        const detail = eventDetail(event);
        const { creditNoteId, creditNote } = event.detail;
        return (
          <li key={`${event.at}-${index}`} className="relative text-sm">
            <span
              className={`absolute top-1.5 -left-[1.4rem] h-2.5 w-2.5 rounded-full ${event.kind === 'email' ? 'bg-base-300' : 'bg-primary'}`}
              aria-hidden="true"
            />
            <span className="font-semibold">{eventLabel(event)}</span>{' '}
            <time dateTime={event.at} className="text-base-content/70 whitespace-nowrap">
              {formatDateTime(event.at)}
            </time>
            {event.actor ? (
              <span className="text-base-content/70"> {words.by(event.actor)}</span>
            ) : null}
            {detail ? <span className="block wrap-break-word">{detail}</span> : null}
            {creditNoteId && creditNote ? (
              <button
                type="button"
                className="btn btn-outline btn-xs mt-1"
                disabled={download.isPending}
                onClick={() =>
                  download.mutate(
                    { id: creditNoteId, number: creditNote },
                    { onError: (error) => toast.error(errorMessage(error)) },
                  )
                }
              >
                {words.downloadCreditNote(creditNote)}
              </button>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
