import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import PostalMime from 'postal-mime';

/** The server under test writes each e-mail as an .eml file here (no SMTP_URL in the journeys). */
const outboxDir = () => path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');

/** Undoes quoted-printable soft breaks and escapes, enough to read a link back. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

async function linksTo(email: string, subject: RegExp): Promise<string[]> {
  const files = await outboxFiles();
  const links: string[] = [];
  for (const file of files) {
    const message = decodeQuotedPrintable(await readFile(path.join(outboxDir(), file), 'utf8'));
    const to = /^To: (.*)$/m.exec(message)?.[1] ?? '';
    const title = /^Subject: (.*)$/m.exec(message)?.[1] ?? '';
    if (!to.includes(email) || !subject.test(title)) continue;
    const link = /https?:\/\/[^\s"<>]+/.exec(message)?.[0];
    if (link) links.push(link.replace(/&amp;/g, '&'));
  }
  return links;
}

/** Waits for the newest e-mail to this address whose subject matches, and answers its link. */
/**
 * The outbox's messages, oldest first: `.eml` files only (the server writes each beside, as
 * `.eml.partial`, and renames it once whole).
 */
async function outboxFiles(): Promise<string[]> {
  const files = await readdir(outboxDir()).catch(() => [] as string[]);
  return files.filter((file) => file.endsWith('.eml')).sort();
}

export async function latestLinkTo(email: string, subject: RegExp): Promise<string> {
  let latest: string | undefined;
  await expect
    .poll(
      async () => {
        latest = (await linksTo(email, subject)).at(-1);
        return latest;
      },
      { message: `an e-mail to ${email} with a link` },
    )
    .toBeTruthy();
  return latest!;
}

/** An e-mail of the outbox as its reader sees it. */
export type OutboxMail = { subject: string; text: string; html: string };

/**
 * Waits for the newest e-mail to this address whose subject matches, and answers it parsed
 * (postal-mime: MIME parts, encodings, headers), text and HTML parts.
 */
export async function latestMailTo(email: string, subject: RegExp): Promise<OutboxMail> {
  let latest: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const files = await outboxFiles();
        latest = undefined;
        for (const file of files) {
          const parsed = await PostalMime.parse(await readFile(path.join(outboxDir(), file)));
          const to = (parsed.to ?? []).map((address) => address.address ?? '').join(' ');
          if (!to.includes(email) || !subject.test(parsed.subject ?? '')) continue;
          latest = {
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: parsed.html ?? '',
          };
        }
        return latest;
      },
      { message: `an e-mail to ${email} whose subject matches ${subject}` },
    )
    .toBeTruthy();
  return latest!;
}

/** Every e-mail of the outbox to this address whose subject matches, oldest first (no waiting). */
export async function mailsTo(email: string, subject: RegExp): Promise<OutboxMail[]> {
  const files = await outboxFiles();
  const mails: OutboxMail[] = [];
  for (const file of files) {
    const parsed = await PostalMime.parse(await readFile(path.join(outboxDir(), file)));
    const to = (parsed.to ?? []).map((address) => address.address ?? '').join(' ');
    if (!to.includes(email) || !subject.test(parsed.subject ?? '')) continue;
    mails.push({ subject: parsed.subject ?? '', text: parsed.text ?? '', html: parsed.html ?? '' });
  }
  return mails;
}
