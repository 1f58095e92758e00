import { formatSignInCode, serverTexts, SIGN_IN_CODE } from '@tools-factory/contract';
import type { MailContent } from '../mailer.ts';
import { composeMail } from './layout.ts';

type LinkMail = { to: string; name: string; url: string };

/** The account e-mails: a greeting, a paragraph and the one link to follow. */
function linkMail(
  { to, name, url }: LinkMail,
  words: { subject: string; body: string; action: string },
): MailContent {
  return composeMail({
    to,
    name,
    subject: words.subject,
    blocks: [
      { kind: 'paragraph', text: words.body },
      { kind: 'action', label: words.action, url },
    ],
  });
}

export function verificationMail(options: LinkMail): MailContent {
  return linkMail(options, serverTexts.mail.verifyEmail);
}

export function resetPasswordMail(options: LinkMail): MailContent {
  return linkMail(options, serverTexts.mail.resetPassword);
}

/**
 * The sign-in code (issue 22 item 3): the code itself in the text, in groups (`7KQM-3XPD`, issue
 * 40), no link to follow.
 */
export function signInCodeMail(options: { to: string; name: string; code: string }): MailContent {
  const words = serverTexts.mail.signInCode;
  return composeMail({
    to: options.to,
    name: options.name,
    subject: words.subject,
    blocks: [
      {
        kind: 'paragraph',
        text: words.body(formatSignInCode(options.code), SIGN_IN_CODE.expiresInMinutes),
      },
    ],
  });
}
