import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { App } from '../app.ts';

/** An RFC 822 message, as far as the tests need it: headers, text and HTML parts. */
export type ParsedMail = {
  /** Header names in lower case; folded lines unfolded, encoded words left as they are. */
  headers: Record<string, string>;
  text: string | undefined;
  html: string | undefined;
};

function splitHeaders(source: string): { headers: Record<string, string>; body: string } {
  const normalised = source.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  if (end === -1) throw new Error('not an RFC 822 message: no blank line after the headers');
  const headers: Record<string, string> = {};
  const unfolded = normalised.slice(0, end).replace(/\n[ \t]+/g, ' ');
  for (const line of unfolded.split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new Error(`not an RFC 822 header line: ${line}`);
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body: normalised.slice(end + 2) };
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString();
  return body;
}

function collectParts(
  headers: Record<string, string>,
  body: string,
  into: { text?: string; html?: string },
): void {
  const contentType = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (contentType.toLowerCase().startsWith('multipart/') && boundary) {
    const sections = body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      const part = splitHeaders(section.replace(/^\n/, ''));
      collectParts(part.headers, part.body, into);
    }
    return;
  }
  const decoded = decodeBody(headers, body).replace(/\n$/, '');
  if (contentType.toLowerCase().startsWith('text/html')) into.html ??= decoded;
  else if (contentType.toLowerCase().startsWith('text/plain')) into.text ??= decoded;
}

/** Parses a message as nodemailer builds it (headers, multipart/alternative, QP or base64). */
export function parseMail(source: string | Buffer): ParsedMail {
  const { headers, body } = splitHeaders(source.toString());
  const parts: { text?: string; html?: string } = {};
  collectParts(headers, body, parts);
  return { headers, text: parts.text, html: parts.html };
}

/** The first http(s) link of a text. */
export function firstLink(text: string | undefined): string {
  const link = text?.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in: ${text}`);
  return link;
}

/** Path and query of a URL, for `app.inject`. */
export function pathAndQuery(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

export function outboxDir(app: App): string {
  return path.join(app.config.dataDir, 'outbox');
}

/**
 * Every .eml of the app's outbox folder (oldest first), parsed, with its file name, once the app
 * has delivered every e-mail it could (e-mails leave the outbox table just after the answer).
 */
export async function readOutbox(app: App): Promise<(ParsedMail & { file: string })[]> {
  await app.outbox.idle();
  const dir = outboxDir(app);
  const files = (await readdir(dir).catch(() => [] as string[]))
    .filter((name) => name.endsWith('.eml'))
    .sort();
  return Promise.all(
    files.map(async (name) => {
      const file = path.join(dir, name);
      return { file, ...parseMail(await readFile(file)) };
    }),
  );
}

/**
 * The newest outbox message to this address (and with this subject part, when given); waits a
 * little, as mail may be written just after the answer.
 */
export async function latestOutboxMail(
  app: App,
  to: string,
  subjectIncludes?: string,
): Promise<ParsedMail & { file: string }> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const matching = (await readOutbox(app)).filter(
      (mail) =>
        mail.headers.to?.toLowerCase().includes(to.toLowerCase()) &&
        (!subjectIncludes || mail.headers.subject?.includes(subjectIncludes)),
    );
    const latest = matching.at(-1);
    if (latest) return latest;
    if (Date.now() > deadline) throw new Error(`no outbox mail to ${to} in ${outboxDir(app)}`);
    await sleep(25);
  }
}

/**
 * Verifies an account's e-mail as its owner would: asks for the verification e-mail (with the
 * account's session), then opens the link from the outbox. Fails loudly if any step does.
 */
export async function verifyEmailThroughOutbox(
  app: App,
  account: { email: string; cookie: string },
): Promise<void> {
  const send = await app.inject({
    method: 'POST',
    url: '/api/auth/send-verification-email',
    headers: { origin: app.config.publicUrl, cookie: account.cookie },
    payload: { email: account.email, callbackURL: '/' },
  });
  if (send.statusCode !== 200) throw new Error(`send-verification-email: ${send.body}`);
  const link = firstLink((await latestOutboxMail(app, account.email, 'Verify')).text);
  const follow = await app.inject({ method: 'GET', url: pathAndQuery(link) });
  if (follow.statusCode !== 302 || String(follow.headers.location).includes('error=')) {
    throw new Error(`verification link: ${follow.statusCode} ${follow.headers.location}`);
  }
}

/**
 * Asks for a password-reset e-mail for `email` and follows its link as the owner's browser would:
 * answers the token the reset page is given, with the password not yet changed.
 */
export async function resetTokenThroughOutbox(app: App, email: string): Promise<string> {
  const request = await app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    headers: { origin: app.config.publicUrl },
    payload: { email, redirectTo: '/reset-password' },
  });
  if (request.statusCode !== 200) throw new Error(`request-password-reset: ${request.body}`);
  const link = firstLink((await latestOutboxMail(app, email, 'Reset')).text);
  const follow = await app.inject({ method: 'GET', url: pathAndQuery(link) });
  const location = new URL(String(follow.headers.location), app.config.publicUrl);
  const token = location.searchParams.get('token');
  if (!token) throw new Error(`reset link: ${follow.statusCode} ${follow.headers.location}`);
  return token;
}

/**
 * Sets an account's password as its owner would from the "Forgot password" page: asks for the
 * reset e-mail, opens the link from the outbox, posts the new password with the link's token.
 * Fails loudly if any step does. The reset ends every session of the account.
 */
export async function resetPasswordThroughOutbox(
  app: App,
  email: string,
  newPassword: string,
): Promise<void> {
  const token = await resetTokenThroughOutbox(app, email);
  const reset = await app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    headers: { origin: app.config.publicUrl },
    payload: { newPassword, token },
  });
  if (reset.statusCode !== 200) throw new Error(`reset-password: ${reset.body}`);
}
