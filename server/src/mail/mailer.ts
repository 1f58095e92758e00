import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type nodemailer from 'nodemailer';

/** A file the message carries (nodemailer's attachment: an invoice PDF). */
export type MailAttachment = { filename: string; content: Buffer; contentType: string };

/** What every e-mail says: recipient, subject, and the text and HTML parts (the templates' output). */
export type MailContent = {
  to: string;
  subject: string;
  text: string;
  html: string;
};

/** A message as it leaves: its content, the files it carries, and its Message-ID when fixed. */
export type MailMessage = MailContent & {
  attachments?: MailAttachment[];
  /**
   * `<...@...>`: the same for every attempt at one outbox message, so that a message sent twice
   * (an instance cut off between sending and noting it) is recognisable as one.
   */
  messageId?: string;
};

/**
 * What a message is about, for the log: its kind ('order placed') and the ids of what it
 * concerns. Never its recipient, subject or text (names, e-mails: personal data).
 */
export type MailAbout = { mail: string } & Record<string, string | number>;

export type Mailer = {
  send(message: MailMessage, about?: MailAbout): Promise<void>;
  /** Where messages go, for the start-up log: an outbox folder or an SMTP host. */
  describe(): string;
  close(): void;
};

type Log = { info(object: object, message: string): void };

/** How long an SMTP send may wait: to connect, for the greeting, for each answer. */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
} as const;

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
 * file to DATA_DIR/outbox (and the file logged), so a developer can open the verification and
 * reset links without any mail server. The log names the file and what the message is about,
 * never its recipient, subject or links (the links carry sign-in tokens).
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: Log;
}): Mailer {
  if (options.smtpUrl) {
    const { smtpUrl } = options;
    // A send that hangs must end well within the outbox's lease on the message (outbox.ts):
    // nodemailer's own defaults wait minutes for a server that accepted and went quiet.
    // One pooled connection, kept between messages: the outbox sends one message after the other,
    // and a connection (and its greeting) per message held the database-faults proof's instance
    // to about nine messages a second once staff e-mails doubled them.
    const transport = lazyTransport((mailer) =>
      mailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 1, ...SMTP_TIMEOUTS }),
    );
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
    send: async (message, about) => {
      const info = await (await builder.get()).sendMail({ from: options.from, ...message });
      await mkdir(options.outboxDir, { recursive: true });
      const file = path.join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`,
      );
      // Whole or not at all: written beside, then renamed (a full disk leaves no half message for
      // a reader to choke on; the outbox tries the whole message again later).
      const partial = `${file}.partial`;
      try {
        await writeFile(partial, info.message as Buffer);
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      options.log.info({ mail: 'unnamed', ...about, file }, 'e-mail written to the outbox');
    },
    describe: () => `outbox ${options.outboxDir}`,
    close: builder.close,
  };
}
