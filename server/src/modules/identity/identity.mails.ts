import { serverTexts } from '@tools-factory/contract';
import type { MailMessage } from '../../mail/mailer.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function mail(
  to: string,
  subject: string,
  lines: string[],
  url: string,
  action: string,
): MailMessage {
  const { signature } = serverTexts.mail;
  const text = [...lines, '', `${action}: ${url}`, '', signature].join('\n');
  const html = `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p><p>${escapeHtml(signature)}</p>`;
  return { to, subject, text, html };
}

export function verificationMail(options: { to: string; name: string; url: string }): MailMessage {
  const { subject, body, action } = serverTexts.mail.verifyEmail;
  return mail(
    options.to,
    subject,
    [serverTexts.mail.greeting(options.name), body],
    options.url,
    action,
  );
}

export function resetPasswordMail(options: { to: string; name: string; url: string }): MailMessage {
  const { subject, body, action } = serverTexts.mail.resetPassword;
  return mail(
    options.to,
    subject,
    [serverTexts.mail.greeting(options.name), body],
    options.url,
    action,
  );
}
