import { withoutAddresses } from '../plugins/log-redaction.ts';
import type { MailAbout, Mailer, MailMessage } from './mailer.ts';

type Log = { error(object: object, message: string): void };

export type MailDispatch = {
  /**
   * Sends in the background: the caller's action (an order, a payment) has committed already and
   * stands whatever happens to the e-mail. The message may be built in the background too (an
   * attachment to draw first). A failure, building or sending, is logged, never thrown.
   * `about` names the message's kind and the ids it concerns: the log's only words about it.
   */
  send(message: MailMessage | (() => Promise<MailMessage>), about: MailAbout): void;
  /** Resolves once every e-mail handed over so far has been sent or has failed (shutdown, tests). */
  idle(): Promise<void>;
};

/**
 * The e-mails that follow an action (order placed, paid, shipped) leave after the action's answer:
 * a slow or broken mail server neither delays nor fails the request. Tests wait for `idle()` or
 * read the outbox, which they poll.
 */
export function createMailDispatch(options: { mailer: Mailer; log: Log }): MailDispatch {
  const { mailer, log } = options;
  const pending = new Set<Promise<void>>();
  return {
    send(message, about) {
      // Started at once (a throw while building or sending becomes a rejection), awaited by nobody.
      const sending = (async () => {
        const built = typeof message === 'function' ? await message() : message;
        await mailer.send(built, about);
      })()
        .catch((error: unknown) => {
          // The kind and ids only: the subject may carry a name, an SMTP refusal the address.
          log.error({ err: withoutAddresses(error), ...about }, 'e-mail not sent');
        })
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async idle() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
