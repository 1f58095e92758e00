import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';

/** A file the message carries (nodemailer's attachment: an invoice PDF). */
export type MailAttachment = { filename: string; content: Buffer; contentType: string };

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
};

export type Mailer = {
  send(message: MailMessage): Promise<void>;
  /** Where messages go, for the start-up log: an outbox folder or an SMTP host. */
  describe(): string;
  close(): void;
};

type Log = { info(object: object, message: string): void };

/**
 * E-mail: with SMTP_URL, sent through that server; otherwise each message is written as an .eml
 * file to DATA_DIR/outbox (and its links logged), so a developer can open the verification and
 * reset links without any mail server.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: Log;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    const host = new URL(options.smtpUrl).host;
    return {
      send: async (message) => {
        await transport.sendMail({ from: options.from, ...message });
      },
      describe: () => `SMTP ${host}`,
      close: () => transport.close(),
    };
  }
  // The stream transport builds the same RFC 822 message SMTP would carry, without sending it.
  const builder = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    send: async (message) => {
      const info = await builder.sendMail({ from: options.from, ...message });
      await mkdir(options.outboxDir, { recursive: true });
      const file = path.join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      options.log.info(
        { to: message.to, subject: message.subject, file, links },
        'e-mail written to the outbox',
      );
    },
    describe: () => `outbox ${options.outboxDir}`,
    close: () => builder.close(),
  };
}
