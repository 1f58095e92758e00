import { routes, serverTexts, type ContactMessage } from '@tools-factory/contract';
import type { MailContent } from '../mailer.ts';
import { composeMail, factsMail, formatMailDateTime } from './layout.ts';

const words = serverTexts.mail.contactMessage;

/** A name on one line, for the subject: a header never carries the visitor's line breaks. */
const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ');

/**
 * A contact form message, to one admin (`to`). Never sent to the address the visitor typed:
 * the form must not relay mail to strangers (docs/architecture.md#departures-from-the-spec).
 */
export function contactMessageMail(
  message: ContactMessage,
  options: { publicUrl: string; to: string },
): MailContent {
  return factsMail({
    to: options.to,
    subject: words.subject(oneLine(message.name)),
    body: words.body,
    rows: [
      [words.name, message.name],
      [words.email, message.email],
    ],
    note: message.message,
    action: { label: words.action, url: `${options.publicUrl}${routes.dashboardMessages}` },
  });
}

/**
 * An admin's reply to a contact form message, to the address the visitor typed: the reply, then
 * their message quoted with when they sent it. Greets them by the name they typed.
 */
export function contactReplyMail(
  message: ContactMessage & { createdAt: string },
  reply: string,
): MailContent {
  const replyWords = serverTexts.mail.contactReply;
  return composeMail({
    to: message.email,
    subject: replyWords.subject,
    name: oneLine(message.name),
    blocks: [
      { kind: 'paragraph', text: reply },
      {
        kind: 'paragraph',
        text: `${replyWords.youWrote(formatMailDateTime(message.createdAt))}\n${message.message}`,
      },
    ],
  });
}
