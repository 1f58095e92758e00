import { texts, type ManagedMessage } from '@tools-factory/contract';
import { EmailAddress } from '../../../components/ui/email-address';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { useContactMessages } from '../api/get-contact-messages';

const t = texts.messagesAdmin;

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function MessageCard({ message }: { message: ManagedMessage }) {
  return (
    <li className="card bg-base-100 border-base-300 border shadow-sm">
      <article className="card-body gap-2 p-4 md:p-6">
        <h3 className="text-lg font-semibold break-words">{message.name}</h3>
        <p className="text-base-content/80 text-sm break-words">
          <a className="link" href={`mailto:${message.email}`}>
            <EmailAddress email={message.email} />
          </a>
        </p>
        <p className="text-base-content/70 text-sm">
          {t.received}: {dateTime.format(new Date(message.createdAt))}
        </p>
        <p className="break-words whitespace-pre-line">{message.message}</p>
      </article>
    </li>
  );
}

/** Messages (issue 22, admins): what visitors sent through the contact form, newest first. */
export function ContactMessages() {
  const messages = useContactMessages();
  return (
    <QueryBoundary query={messages}>
      {(list) =>
        list.length === 0 ? (
          <EmptyState message={t.empty} />
        ) : (
          <ul className="flex flex-col gap-4">
            {list.map((message) => (
              <MessageCard key={message._id} message={message} />
            ))}
          </ul>
        )
      }
    </QueryBoundary>
  );
}
