import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type nodemailer from 'nodemailer';

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

type Transport = { close(): void };

/**
 * nodemailer (its transports, MIME builder and DKIM code: a few MB resident) is imported with the
 * first message, not at start: most processes send none for a long while, many never.
 */
function lazyTransport<T extends Transport>(create: (mailer: typeof nodemailer) => T) {
  let transport: Promise<T> | undefined;
  return {
    get: (): Promise<T> =>
      (transport ??= import('nodemailer').then(({ default: mailer }) => create(mailer))),
    close: (): void => {
      void transport?.then(
        (opened) => opened.close(),
        () => {},
      );
    },
  };
}

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
    const { smtpUrl } = options;
    const transport = lazyTransport((mailer) => mailer.createTransport(smtpUrl));
    const host = new URL(smtpUrl).host;
    return {
      send: async (message) => {
        await (await transport.get()).sendMail({ from: options.from, ...message });
      },
      describe: () => `SMTP ${host}`,
      close: transport.close,
    };
  }
  // The stream transport builds the same RFC 822 message SMTP would carry, without sending it.
  const builder = lazyTransport((mailer) =>
    mailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    send: async (message) => {
      const info = await (await builder.get()).sendMail({ from: options.from, ...message });
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
    close: builder.close,
  };
}
