import { setTimeout as sleep } from 'node:timers/promises';
import type { DatabaseHandle } from '../db/client.ts';
import { redactAddresses, withoutAddresses } from '../plugins/log-redaction.ts';
import type { MailAbout, MailAttachment, MailContent, Mailer, MailMessage } from './mailer.ts';
import type { AttachmentRecipe, MessageRecipe } from './outbox-message.ts';
import {
  bringForwardWaitingOutboxMessages,
  claimDueOutboxMessages,
  deleteOutboxMessagesSentBefore,
  markOutboxMessageFailed,
  markOutboxMessageSent,
  releaseOutboxMessages,
  type OutboxRow,
} from './outbox.repository.ts';

// The outbox's sending side: each instance's worker claims the due rows, sends them one after
// the other, notes each, backs off after a failure and stops gracefully. The rows come from
// outbox-writer.ts.

const SECOND_MS = 1_000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;

export type OutboxTiming = {
  /** Messages claimed at once. */
  batchSize: number;
  /**
   * How long a claim keeps other instances off a message. Longer than a send can take (the
   * mailer's SMTP timeouts end one within a minute), so a message is resent only after the
   * instance holding it died.
   */
  leaseMs: number;
  /**
   * How often each instance looks for due messages unasked: retries, other instances' rows, and
   * its own written by a transaction it was not told of (a savepoint's, say).
   */
  pollMs: number;
  /** How long the instance that wrote a message has it to itself before any instance takes it. */
  handoverMs: number;
  /** The wait after a failed attempt doubles from the first to the last, then stays. */
  firstRetryMs: number;
  maxRetryMs: number;
  /**
   * How long stop() waits for the message in hand (its send and its note) before giving up: past
   * it, that one message may leave again, as after a crash.
   */
  stopWaitMs: number;
  /** Sent messages are kept this long (an operator may look), then deleted. */
  keepSentMs: number;
  purgeEveryMs: number;
};

export const OUTBOX_TIMING: OutboxTiming = {
  batchSize: 10,
  leaseMs: 2 * MINUTE_MS,
  pollMs: 2 * SECOND_MS,
  handoverMs: 5 * SECOND_MS,
  firstRetryMs: SECOND_MS,
  maxRetryMs: 10 * MINUTE_MS,
  stopWaitMs: 3 * SECOND_MS,
  keepSentMs: 7 * 24 * HOUR_MS,
  purgeEveryMs: HOUR_MS,
};

/** Waits between attempts to note a sent message as sent (the database away): short, capped. */
const MARK_RETRY_FIRST_MS = 100;
const MARK_RETRY_MAX_MS = SECOND_MS;
const PURGE_BATCH = 1_000;
/**
 * Failed sends in a row that look like an outage (the mail server or the disk away) rather than
 * one message the server refuses: the first success after them brings the waiting messages
 * forward.
 */
const OUTAGE_FAILURES = 3;
const LAST_ERROR_LENGTH = 300;

/** A claimed message that left, to note sent before the next is sent (its `about` for the log). */
type SentMessage = { id: number; about: MailAbout };

export type Log = {
  debug(object: object, message: string): void;
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
};

/** The worker of one instance: woken by the writer's commits, by its poll and by its retries. */
export type OutboxWorker = {
  /** Looks for due messages now (a pass after the one under way); nothing before start(). */
  wake(): void;
  /** Delivers what is due now, then what this instance writes as it commits, and polls. */
  start(): Promise<void>;
  /**
   * Stops claiming at once, gives back what it claimed and has not begun, and resolves once the
   * message in hand is sent and noted (or noted failed), or after `stopWaitMs`: the database may
   * then close. Every call answers the first call's promise.
   */
  stop(): Promise<void>;
  /**
   * Resolves once this instance finds no message it could deliver now (tests, before they read
   * what was sent): due, unsent, held by nobody, and its own or past the handover. Messages
   * waiting for a retry later, or held by another instance, are not waited for.
   */
  idle(): Promise<void>;
};

export type OutboxWorkerOptions = {
  db: DatabaseHandle['db'];
  mailer: Pick<Mailer, 'send'>;
  /** Draws an attachment's file when its message leaves (an invoice's PDF, from its row). */
  renderAttachment(recipe: AttachmentRecipe): Promise<Buffer>;
  /** Renders a message written as a recipe, to `to` (throws for a kind no module defined). */
  renderMessage(recipe: MessageRecipe, to: string): MailContent;
  /** This instance's name: its own messages are its to deliver before the handover. */
  origin: string;
  log: Log;
  timing: OutboxTiming;
};

/** Fixed for every attempt at one message, so that a message sent twice is known as one. */
export function outboxMessageId(id: number): string {
  return `<outbox-${id}@tools-factory>`;
}

/** The wait before the next attempt, after `attempts` attempts (1 s, 2 s, 4 s ... 10 min). */
export function outboxRetryDelayMs(
  attempts: number,
  timing: Pick<OutboxTiming, 'firstRetryMs' | 'maxRetryMs'> = OUTBOX_TIMING,
): number {
  const doublings = Math.min(Math.max(attempts - 1, 0), 30);
  return Math.min(timing.firstRetryMs * 2 ** doublings, timing.maxRetryMs);
}

/** The failure in a few words for `last_error`: its kind, code and message, no address. */
function describeFailure(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  const words =
    error instanceof Error
      ? `${error.name}${typeof code === 'string' ? ` ${code}` : ''}: ${error.message}`
      : String(error);
  return redactAddresses(words).slice(0, LAST_ERROR_LENGTH);
}

/**
 * Delivers the outbox's due messages (createOutbox says how): claims them with a lease, sends
 * each, notes it sent before the next, and backs off after a failure.
 */
export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, mailer, renderAttachment, renderMessage, origin, log, timing } = options;

  let started = false;
  let stopping = false;
  let stopped: Promise<void> | undefined;
  let stopDeadline = Number.POSITIVE_INFINITY;
  let pollTimer: NodeJS.Timeout | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryAt = Number.POSITIVE_INFINITY;
  let lastPurge = 0;
  let claimFailing = false;
  let failuresInARow = 0;
  /** The pass under way, and the one asked for meanwhile (it starts once that one ends). */
  let current: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  /** Messages tried again outside a pass (retryHeld): stop() waits for them too. */
  const retriesInHand = new Set<Promise<void>>();

  /**
   * A pass that starts after this call: the one under way may have claimed before the caller's
   * message was committed, so a caller asking during it gets the next one.
   */
  function schedulePass(): Promise<void> {
    if (!current) {
      current = runPass().finally(() => {
        current = undefined;
      });
      return current;
    }
    next ??= current.then(() => {
      next = undefined;
      return schedulePass();
    });
    return next;
  }

  function wake(): void {
    if (started && !stopping) void schedulePass();
  }

  /** Wakes the worker when a message that failed is due again (sooner than the next poll). */
  function wakeIn(ms: number): void {
    if (stopping || ms >= timing.pollMs) return;
    const at = Date.now() + ms;
    if (retryTimer && retryAt <= at) return;
    clearTimeout(retryTimer);
    retryAt = at;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      retryAt = Number.POSITIVE_INFINITY;
      wake();
    }, ms);
    retryTimer.unref();
  }

  /** Claims and delivers until nothing is due; never throws (a failure waits for the next). */
  async function runPass(): Promise<void> {
    if (stopping) return;
    try {
      await purgeWhenDue();
      while (!stopping) {
        const rows = await claimDueOutboxMessages(db, {
          origin,
          limit: timing.batchSize,
          leaseMs: timing.leaseMs,
          handoverMs: timing.handoverMs,
        });
        if (claimFailing) {
          claimFailing = false;
          log.info({}, 'e-mail outbox: reaching the database again');
        }
        if (rows.length === 0) return;
        await deliverBatch(rows);
      }
    } catch (error) {
      // The database is away (or the claim failed otherwise): said once, tried every poll.
      if (!claimFailing && !stopping) {
        log.warn({ err: error }, 'e-mail outbox: cannot claim messages; trying again');
      }
      claimFailing = true;
    }
  }

  /**
   * One message after the other, each noted sent before the next is sent: a crash repeats at
   * most the one in flight (a batch noted in one statement repeated up to ten after a kill, and
   * saved no measurable CPU once PGlite's statements were named: decision 017). Those not begun
   * while half the lease remains (a slow mail server), or once stopping, are given back untried.
   */
  async function deliverBatch(rows: readonly OutboxRow[]): Promise<void> {
    const giveBackAfter = Date.now() + timing.leaseMs / 2;
    for (const [index, row] of rows.entries()) {
      if (stopping || Date.now() > giveBackAfter) {
        const untried = rows.slice(index).map((untriedRow) => untriedRow.id);
        await releaseOutboxMessages(db, untried).catch((error: unknown) => {
          log.warn({ err: error, outboxIds: untried }, 'e-mail outbox: claims left to expire');
        });
        return;
      }
      await deliver(row);
    }
  }

  async function drawAttachments(row: OutboxRow): Promise<MailAttachment[]> {
    return Promise.all(
      row.attachments.map(async (recipe) => ({
        filename: recipe.filename,
        contentType: recipe.contentType,
        content: await renderAttachment(recipe),
      })),
    );
  }

  /** The message as written, or as its recipe renders it now. */
  function contentOf(row: OutboxRow): MailContent {
    if (row.recipe) return renderMessage(row.recipe, row.to);
    const { to, subject, text, html } = row;
    if (subject === null || text === null || html === null) {
      throw new Error('an outbox message has neither its content nor a recipe');
    }
    return { to, subject, text, html };
  }

  /** send(), then the note that the message left. */
  async function deliver(row: OutboxRow): Promise<void> {
    const sent = await send(row);
    if (sent) await noteSent(sent);
  }

  /**
   * One attempt at a claimed message: what it is about once it left (for the caller to note it
   * sent), or undefined once its failure is noted (or, the database away, tried again here).
   */
  async function send(row: OutboxRow): Promise<SentMessage | undefined> {
    // The kind and ids only: the subject may carry a name, an SMTP refusal the address.
    const about: MailAbout = { ...row.about, outboxId: row.id };
    try {
      const attachments = await drawAttachments(row);
      const message: MailMessage = {
        ...contentOf(row),
        messageId: outboxMessageId(row.id),
        ...(attachments.length > 0 ? { attachments } : {}),
      };
      await mailer.send(message, about);
    } catch (error) {
      failuresInARow += 1;
      const retryInMs = outboxRetryDelayMs(row.attempts, timing);
      log.warn(
        { err: withoutAddresses(error), ...about, attempts: row.attempts, retryInMs },
        'e-mail not sent; trying again later',
      );
      const noted = await markOutboxMessageFailed(db, row.id, {
        retryInMs,
        error: describeFailure(error),
      }).then(
        () => true,
        (markError: unknown) => {
          log.warn({ err: markError, ...about }, 'e-mail failure not noted; trying it again here');
          return false;
        },
      );
      if (noted) wakeIn(retryInMs);
      // The database took neither the message nor the note (a full disk): the lease is still
      // this instance's, so it tries again itself rather than leave the message to the lease.
      else retryHeld(row, retryInMs);
      return undefined;
    }
    if (failuresInARow >= OUTAGE_FAILURES) await bringForwardAfterOutage();
    failuresInARow = 0;
    return { id: row.id, about };
  }

  /**
   * Sending works again after an outage: the messages that failed meanwhile are due now rather
   * than after their back-off (up to 10 minutes).
   */
  async function bringForwardAfterOutage(): Promise<void> {
    try {
      const waiting = await bringForwardWaitingOutboxMessages(db);
      if (waiting > 0) log.info({ waiting }, 'e-mail outbox: sending again; waiting messages due');
    } catch (error) {
      log.warn({ err: error }, 'e-mail outbox: waiting messages keep their back-off');
    }
  }

  /**
   * Tries a claimed message again after `ms`, while half its lease is left for a send; past that,
   * the lease runs out and any instance takes it.
   */
  function retryHeld(row: OutboxRow, ms: number): void {
    const lastTry = (row.lockedUntil?.getTime() ?? 0) - timing.leaseMs / 2;
    if (stopping || Date.now() + ms > lastTry) return;
    const timer = setTimeout(() => {
      if (stopping) return;
      const retry = deliver({ ...row, attempts: row.attempts + 1 }).finally(() => {
        retriesInHand.delete(retry);
      });
      retriesInHand.add(retry);
    }, ms);
    timer.unref();
  }

  /**
   * Notes a message sent, again and again while the database is away: sending it again would
   * double it. Gives up only when stop() stops waiting; it is then sent again once its lease runs
   * out, with the same Message-ID.
   */
  async function noteSent({ id, about }: SentMessage): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await markOutboxMessageSent(db, id);
        log.debug(about, 'e-mail sent');
        return;
      } catch (error) {
        if (attempt === 0) {
          log.warn({ err: error, ...about }, 'e-mail sent, not yet noted as sent; noting again');
        }
        if (stopping && Date.now() >= stopDeadline) {
          log.error(
            { err: error, ...about },
            'e-mail sent but not noted as sent: it leaves again once its lease runs out',
          );
          return;
        }
        const wait = Math.min(MARK_RETRY_FIRST_MS * 2 ** Math.min(attempt, 10), MARK_RETRY_MAX_MS);
        await sleep(wait, undefined, { ref: false });
      }
    }
  }

  async function purgeWhenDue(): Promise<void> {
    if (Date.now() - lastPurge < timing.purgeEveryMs) return;
    lastPurge = Date.now();
    const deleted = await deleteOutboxMessagesSentBefore(db, timing.keepSentMs, PURGE_BATCH);
    if (deleted > 0) log.info({ deleted }, 'e-mail outbox: messages sent long ago deleted');
    // More than a batch: the rest at the next pass.
    if (deleted === PURGE_BATCH) lastPurge = 0;
  }

  return {
    wake,

    async start() {
      if (started || stopping) return;
      // Messages committed from now on wake the worker; the first pass finds those before.
      started = true;
      pollTimer = setInterval(wake, timing.pollMs);
      pollTimer.unref();
      wake();
    },

    stop() {
      stopped ??= (async () => {
        stopping = true;
        stopDeadline = Date.now() + timing.stopWaitMs;
        clearInterval(pollTimer);
        clearTimeout(retryTimer);
        // The message in hand is finished (sent and noted, or noted failed); the rest given back.
        const inHand = Promise.allSettled([current, next, ...retriesInHand]);
        await Promise.race([inHand, sleep(timing.stopWaitMs, undefined, { ref: false })]);
      })();
      return stopped;
    },

    async idle() {
      if (!started || stopping) return;
      await schedulePass();
    },
  };
}
