import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { SMTPServer } from 'smtp-server';
import { firstLink, parseMail, type ParsedMail } from './mail.ts';

export type ReceivedMail = ParsedMail & { from: string; to: string[]; raw: string };

export type LocalSmtpServer = {
  /** `smtp://127.0.0.1:<port>`, for the config's smtpUrl. */
  url: string;
  received: ReceivedMail[];
  /** The first message to this address, waiting a little for it to arrive. */
  waitFor(to: string): Promise<ReceivedMail>;
  /**
   * The first link of the latest message to this address whose subject holds `subject`, waiting
   * up to 20 s for one (a MailLinkFinder, for signUpAdminOverHttp).
   */
  latestLink(to: string, subject: string): Promise<string>;
  close(): Promise<void>;
};

/**
 * A real SMTP server on a random local port, without TLS or authentication, that keeps every
 * message it is given. `answerAfterMs`: a slow server, which keeps a message as soon as its data
 * has ended but answers the sender only this much later (a sender that dies meanwhile sent it
 * without knowing).
 */
export async function startLocalSmtpServer(
  options: { answerAfterMs?: number } = {},
): Promise<LocalSmtpServer> {
  const { answerAfterMs = 0 } = options;
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString();
        const envelope = session.envelope;
        received.push({
          ...parseMail(raw),
          raw,
          from: envelope.mailFrom ? envelope.mailFrom.address : '',
          to: envelope.rcptTo.map((recipient) => recipient.address),
        });
        if (answerAfterMs > 0) setTimeout(() => callback(), answerAfterMs);
        else callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // smtp-server emits a connection's errors on the server: a sender killed mid-message (the
  // outbox proofs' kill -9) resets its connection, ECONNRESET, which without a listener would be
  // an uncaught error of the test run. The message it was sending is simply not kept.
  server.on('error', () => {});
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async waitFor(to) {
      const deadline = Date.now() + 5_000;
      for (;;) {
        const mail = received.find((message) =>
          message.to.some((address) => address.toLowerCase() === to.toLowerCase()),
        );
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`the SMTP server got no message to ${to}`);
        await sleep(25);
      }
    },
    async latestLink(to, subject) {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const mail = received.findLast(
          (message) => message.to.includes(to) && message.headers.subject?.includes(subject),
        );
        if (mail) return firstLink(mail.text);
        if (Date.now() > deadline) throw new Error(`no "${subject}" e-mail to ${to}`);
        await sleep(50);
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
