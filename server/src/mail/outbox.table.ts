import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../db/columns.ts';
import type { MailAbout } from './mailer.ts';
import type { AttachmentRecipe, MessageRecipe } from './outbox-message.ts';

/**
 * The e-mails to send (docs/architecture.md#running-in-production), each written in the transaction
 * of the change that caused it and delivered afterwards by whichever instance claims it first
 * (outbox.ts). A row is claimed by setting `locked_until` (a lease), sent, then marked `sent_at`; a
 * failed attempt sets `next_attempt_at` further off. The writing instance's worker is woken once
 * the transaction commits (afterCommit, db/driver-adapter.ts; migration 0009's NOTIFY trigger,
 * dropped by 0013, did it before).
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    /** Claimed in this order: oldest first. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The instance that wrote it (host and DATA_DIR): it delivers first, others take over. */
    origin: text('origin').notNull(),
    to: text('to').notNull(),
    /** The rendered message; null when a recipe renders it as it leaves. */
    subject: text('subject'),
    text: text('text'),
    html: text('html'),
    /**
     * What renders the message when it leaves, instead of the three above: a kind the outbox
     * knows (OutboxWriter.defineRecipe) and what it renders (a placed order's row, as written).
     */
    recipe: jsonb('recipe').$type<MessageRecipe>(),
    /** Its files as recipes, drawn when it leaves (an invoice's PDF), never their bytes. */
    attachments: jsonb('attachments').$type<AttachmentRecipe[]>().notNull().default([]),
    /** What it is about (its kind and ids), the log's only words about it: never an address. */
    about: jsonb('about').$type<MailAbout>().notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** Attempts begun (a claim counts one). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    /** Claimed by an instance until then; free again afterwards (an instance that died). */
    lockedUntil: timestamptz('locked_until'),
    sentAt: timestamptz('sent_at'),
    /** Why the last attempt failed, in a few words without addresses. */
    lastError: text('last_error'),
  },
  (t) => [
    check(
      'outbox_messages_rendered_or_recipe',
      sql`${t.recipe} is not null or (${t.subject} is not null and ${t.text} is not null and ${t.html} is not null)`,
    ),
    // The workers' claim reads the unsent rows only, oldest first.
    index('outbox_messages_unsent_idx')
      .on(t.id)
      .where(sql`${t.sentAt} is null`),
    // The purge of messages sent long ago.
    index('outbox_messages_sent_at_idx')
      .on(t.sentAt)
      .where(sql`${t.sentAt} is not null`),
  ],
);
