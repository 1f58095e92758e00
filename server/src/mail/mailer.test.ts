import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { identityHeaders, signUpTestAccount } from '../testing/accounts.ts';
import {
  firstLink,
  latestOutboxMail,
  parseMail,
  pathAndQuery,
  readOutbox,
} from '../testing/mail.ts';
import { startLocalSmtpServer } from '../testing/smtp.ts';
import { closeAtEnd, openTestApp, test } from '../testing/app-fixtures.ts';
import { createMailer } from './mailer.ts';

const silentLog = { info: () => {} };

describe('mailer: the outbox', () => {
  const outboxDir = path.join(mkdtempSync(path.join(tmpdir(), 'tools-factory-mail-')), 'outbox');
  afterAll(() => rmSync(path.dirname(outboxDir), { recursive: true, force: true }));

  it('writes each message as a valid RFC 822 .eml file: headers, text and HTML parts', async () => {
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'Tools Factory <no-reply@tools-factory.local>',
      outboxDir,
      log: silentLog,
    });
    const url =
      'http://127.0.0.1:3000/api/auth/reset-password/abc123?callbackURL=%2Freset-password';
    await mailer.send({
      to: 'ann@example.com',
      subject: 'Reset your Tools Factory password — now',
      text: `Hello Ann,\n\nChoose a new password: ${url}\n`,
      html: `<p>Hello Ann,</p><p><a href="${url}">Choose a new password</a></p>`,
    });
    mailer.close();
    expect(mailer.describe()).toBe(`outbox ${outboxDir}`);

    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const raw = readFileSync(path.join(outboxDir, files[0]!), 'utf8');
    const mail = parseMail(raw);
    expect(mail.headers.to).toBe('ann@example.com');
    expect(mail.headers.from).toBe('Tools Factory <no-reply@tools-factory.local>');
    // A non-ASCII subject is encoded as RFC 2047 words.
    expect(mail.headers.subject).toMatch(/^=\?UTF-8\?[QB]\?/);
    expect(mail.headers['mime-version']).toBe('1.0');
    expect(mail.headers['message-id']).toMatch(/^<.+@.+>$/);
    expect(Number.isNaN(Date.parse(mail.headers.date ?? ''))).toBe(false);
    expect(mail.headers['content-type']).toMatch(/^multipart\/alternative; boundary=/);
    expect(mail.text).toContain(`Choose a new password: ${url}`);
    expect(firstLink(mail.text)).toBe(url);
    expect(mail.html).toContain(`href="${url}"`);
    // Header lines are ASCII and no longer than RFC 5322 allows.
    const headerBlock = raw.slice(0, raw.indexOf('\n\n'));
    for (const line of headerBlock.split('\n')) {
      expect(line.length).toBeLessThanOrEqual(998);
      expect(line).toMatch(/^[\x20-\x7e\t]*$/);
    }
  });
});

const smtpTest = test
  // eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's dependencies from this pattern
  .extend('smtp', { scope: 'file' }, async ({}, tools) =>
    closeAtEnd(await startLocalSmtpServer(), tools),
  )
  .extend('withSmtp', { scope: 'file' }, ({ smtp }, tools) =>
    openTestApp({ config: { smtpUrl: smtp.url } }, tools),
  )
  .extend('withoutSmtp', { scope: 'file' }, ({ app }) => app);

describe('identity e-mail: outbox without SMTP_URL, SMTP with it', () => {
  const requestReset = (app: App, email: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: identityHeaders(app),
      payload: { email, redirectTo: '/reset-password' },
    });

  smtpTest(
    'delivers the reset e-mail to the SMTP server, with a working link, and writes no file',
    async ({ smtp, withSmtp }) => {
      expect(withSmtp.mailer.describe()).toBe(`SMTP ${new URL(smtp.url).host}`);
      const account = await signUpTestAccount(withSmtp, { name: 'Sam' });
      expect((await requestReset(withSmtp, account.email)).statusCode).toBe(200);

      const mail = await smtp.waitFor(account.email);
      expect(mail.from).toBe('no-reply@tools-factory.local');
      expect(mail.headers.to).toBe(account.email);
      expect(mail.headers.subject).toBe('Reset your Tools Factory password');
      const link = firstLink(mail.text);
      expect(link.startsWith(`${withSmtp.config.publicUrl}/api/auth/reset-password/`)).toBe(true);
      expect(mail.html).toContain('Choose a new password');

      const follow = await withSmtp.inject({ method: 'GET', url: pathAndQuery(link) });
      expect(follow.statusCode).toBe(302);
      const location = new URL(String(follow.headers.location), withSmtp.config.publicUrl);
      expect(location.pathname).toBe('/reset-password');
      expect(location.searchParams.get('token')).toBeTruthy();
      expect(await readOutbox(withSmtp)).toEqual([]);
    },
  );

  smtpTest(
    'writes the reset e-mail to DATA_DIR/outbox without SMTP_URL',
    async ({ smtp, withoutSmtp }) => {
      const account = await signUpTestAccount(withoutSmtp, { name: 'Olga' });
      expect((await requestReset(withoutSmtp, account.email)).statusCode).toBe(200);
      const mail = await latestOutboxMail(withoutSmtp, account.email);
      expect(path.dirname(mail.file)).toBe(path.join(withoutSmtp.config.dataDir, 'outbox'));
      expect(mail.headers.subject).toBe('Reset your Tools Factory password');
      expect(mail.text).toContain('Hello Olga,');
      expect(firstLink(mail.text)).toMatch(
        new RegExp(`^${withoutSmtp.config.publicUrl}/api/auth/reset-password/[^?]+\\?callbackURL=`),
      );
      expect(smtp.received.some((received) => received.to.includes(account.email))).toBe(false);
    },
  );
});
