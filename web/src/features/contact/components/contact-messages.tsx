import {
  MANAGED_MESSAGES_PAGE_SIZE,
  texts,
  type ManagedMessage,
  type MessageFolder,
} from '@tools-factory/contract';
import { useId, useState } from 'react';
import { BusyButton } from '../../../components/ui/busy-button';
import { EmailAddress } from '../../../components/ui/email-address';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormDialog } from '../../../components/ui/form-dialog';
import { Pager } from '../../../components/ui/pager';
import { QueryBoundary } from '../../../components/ui/query-boundary';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useKeysetPages } from '../../../lib/use-keyset-pages';
import { useReplyToMessage, useSetMessageState } from '../api/change-contact-message';
import { useContactMessagesPage } from '../api/get-contact-messages';
import { ReplyForm } from './reply-form';

const t = texts.messagesAdmin;

interface MessageCardProps {
  message: ManagedMessage;
  onReply: (message: ManagedMessage) => void;
}

/**
 * One message: who sent it and when, 'new' while unread, the message, the replies sent, and what
 * an admin does with it (read or unread, archive or back to the inbox, reply by e-mail).
 */
function MessageCard({ message, onReply }: MessageCardProps) {
  const nameId = useId();
  const setState = useSetMessageState();
  const unread = message.readAt === null;
  const archived = message.archivedAt !== null;

  function change(state: { read?: boolean; archived?: boolean }, done?: string) {
    setState.mutate(
      { id: message._id, state },
      {
        onSuccess: () => (done ? toast.success(done) : undefined),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  }

  return (
    <li
      className={`card border shadow-sm ${unread ? 'bg-base-100 border-primary' : 'bg-base-100 border-base-300'}`}
    >
      <article className="card-body gap-2 p-4 md:p-6" aria-labelledby={nameId}>
        <h3 id={nameId} className="flex flex-wrap items-center gap-2 text-lg break-words">
          <span className={unread ? 'font-bold' : 'font-semibold'}>{message.name}</span>
          {unread ? <span className="badge badge-primary badge-sm">{t.unread}</span> : null}
        </h3>
        <p className="text-base-content/80 text-sm break-words">
          <a className="link" href={`mailto:${message.email}`}>
            <EmailAddress email={message.email} />
          </a>
        </p>
        <p className="text-base-content/70 text-sm">
          {t.received}: {formatDateTime(message.createdAt)}
        </p>
        <p className="break-words whitespace-pre-line">{message.message}</p>
        {message.replies.map((reply) => (
          <blockquote
            key={reply.sentAt}
            className="border-base-300 text-base-content/90 mt-1 border-l-4 pl-3 text-sm"
          >
            <p className="text-base-content/70 text-xs">
              {t.replied(reply.by, formatDateTime(reply.sentAt))}
            </p>
            <p className="break-words whitespace-pre-line">{reply.body}</p>
          </blockquote>
        ))}
        <div className="mt-2 flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-sm btn-primary"
            aria-describedby={nameId}
            onClick={() => onReply(message)}
          >
            {t.reply}
          </button>
          <BusyButton
            type="button"
            className="btn-sm btn-outline"
            aria-describedby={nameId}
            busy={setState.isPending && setState.variables?.state.read !== undefined}
            onClick={() => change({ read: unread })}
          >
            {unread ? t.markRead : t.markUnread}
          </BusyButton>
          <BusyButton
            type="button"
            className="btn-sm btn-outline"
            aria-describedby={nameId}
            busy={setState.isPending && setState.variables?.state.archived !== undefined}
            onClick={() =>
              change(
                { archived: !archived },
                archived ? t.unarchived(message.name) : t.archived(message.name),
              )
            }
          >
            {archived ? t.unarchive : t.archiveMessage}
          </BusyButton>
        </div>
      </article>
    </li>
  );
}

/**
 * Messages (issue 22, admins): what visitors sent through the contact form, newest first, in an
 * inbox and an archive (issue 42). Each is marked read or unread and archived or moved back; Reply
 * e-mails the visitor (the server sends it through the outbox) and keeps the reply under the
 * message, which is read from then on. Issue 43: 50 messages of a folder a page
 * (GET /manageMessages/page), Previous and Next by cursor; the counts are the server's.
 */
export function ContactMessages() {
  const pages = useKeysetPages<{ folder: MessageFolder }>({ folder: 'inbox' });
  const { folder } = pages.filters;
  const messages = useContactMessagesPage({ folder, after: pages.after });
  const reply = useReplyToMessage();
  const [replyingTo, setReplyingTo] = useState<ManagedMessage | null>(null);
  // The message stays in the box while it fades out after closing.
  const [shown, setShown] = useState<ManagedMessage | null>(null);
  if (replyingTo && replyingTo !== shown) setShown(replyingTo);
  const close = () => setReplyingTo(null);

  async function send(message: ManagedMessage, body: string) {
    await reply.mutateAsync({ id: message._id, input: { reply: body } });
    toast.success(t.sent(message.email));
    close();
  }

  return (
    // A page already shown stays when a later refresh fails: it is still the best known.
    <QueryBoundary query={messages} keepDataOnError>
      {({
        messages: shownList,
        total,
        capped,
        inbox,
        inboxCapped,
        archive,
        archiveCapped,
        next,
      }) => {
        if (inbox + archive === 0) return <EmptyState message={t.empty} />;
        return (
          <>
            <div className="join mb-4" role="group" aria-label={t.title}>
              {(
                [
                  ['inbox', inboxCapped ? t.inboxAtLeast(inbox) : t.inbox(inbox)],
                  ['archive', archiveCapped ? t.archiveAtLeast(archive) : t.archive(archive)],
                ] as const
              ).map(([key, label]) => (
                <button
                  key={key}
                  type="button"
                  className={`btn btn-sm join-item ${folder === key ? 'btn-neutral' : 'btn-outline'}`}
                  aria-pressed={folder === key}
                  onClick={() => {
                    if (key !== folder) pages.search({ folder: key });
                  }}
                >
                  {label}
                </button>
              ))}
            </div>
            {shownList.length === 0 ? (
              <EmptyState message={folder === 'inbox' ? t.empty : t.archiveEmpty} />
            ) : (
              <ul className="flex flex-col gap-4">
                {shownList.map((message) => (
                  <MessageCard key={message._id} message={message} onReply={setReplyingTo} />
                ))}
              </ul>
            )}
            <Pager
              page={pages.page}
              pages={
                capped ? undefined : Math.max(1, Math.ceil(total / MANAGED_MESSAGES_PAGE_SIZE))
              }
              hasNext={next !== null}
              onNext={() => next !== null && pages.next(next)}
              onPrevious={pages.previous}
            />
            <FormDialog
              open={replyingTo !== null}
              title={t.replyTitle(shown?.name ?? '')}
              description={shown ? t.replyIntro(shown.email) : undefined}
              closeLabel={t.close}
              busy={reply.isPending}
              onClose={close}
            >
              {shown ? (
                <ReplyForm
                  onSend={({ reply: body }) => send(shown, body)}
                  onCancel={close}
                  busy={reply.isPending}
                />
              ) : null}
            </FormDialog>
          </>
        );
      }}
    </QueryBoundary>
  );
}
