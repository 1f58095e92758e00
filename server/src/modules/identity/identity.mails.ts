import type { MailMessage } from '../../mail/mailer.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function mail(
  to: string,
  subject: string,
  lines: string[],
  url: string,
  action: string,
): MailMessage {
  const text = [...lines, '', `${action}: ${url}`, '', 'Tools Factory'].join('\n');
  const html = `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p><p>Tools Factory</p>`;
  return { to, subject, text, html };
}

export function verificationMail(options: { to: string; name: string; url: string }): MailMessage {
  return mail(
    options.to,
    'Verify your e-mail for Tools Factory',
    [`Hello ${options.name || 'there'},`, 'Please confirm that this is your e-mail address.'],
    options.url,
    'Verify your e-mail',
  );
}

export function resetPasswordMail(options: { to: string; name: string; url: string }): MailMessage {
  return mail(
    options.to,
    'Reset your Tools Factory password',
    [
      `Hello ${options.name || 'there'},`,
      'Someone asked to reset the password of your account. If it was you, follow the link below within an hour; otherwise ignore this message.',
    ],
    options.url,
    'Choose a new password',
  );
}
