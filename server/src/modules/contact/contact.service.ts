import {
  texts,
  type ContactMessage,
  type ContactMessageResponse,
  type ManagedMessage,
  type ManagedMessagesPage,
  type MessageFolder,
  type MessageState,
} from '@tools-factory/contract';
import type { Database, Executor } from '../../db/client.ts';
import { keysetCursorAfter, keysetCursorText } from '../../db/keyset-cursor.ts';
import { notFound } from '../../http-errors.ts';
import { parseId } from '../../ids.ts';
import type { OutboxWriter } from '../../mail/outbox.ts';
import { contactMessageMail, contactReplyMail } from '../../mail/templates/contact.ts';
import type { Account, IdentityService } from '../identity/identity.service.ts';
import {
  insertContactMessage,
  insertContactReply,
  selectContactMessagesNewestFirst,
  selectMessagesPage,
  selectRepliesOf,
  updateMessageState,
  type ContactMessageRow,
} from './contact.repository.ts';

export type ContactServiceOptions = {
  db: Database;
  /** Takes the admins' e-mails in the transaction that stores the message. */
  outbox: OutboxWriter;
  publicUrl: string;
  /** The admins' names, for who replied. */
  identity: Pick<IdentityService, 'namesOf'>;
};

/**
 * The home page's contact form (docs/architecture.md#departures-from-the-spec): stored, e-mailed to
 * the admins, listed.
 */
export function createContactService(options: ContactServiceOptions) {
  const { db, outbox, publicUrl, identity } = options;

  /** The messages as Messages lists them: each with its replies and who sent them. */
  async function managed(
    executor: Executor,
    rows: readonly ContactMessageRow[],
  ): Promise<ManagedMessage[]> {
    const replies = await selectRepliesOf(
      executor,
      rows.map((row) => row.id),
    );
    const names = await identity.namesOf([
      ...new Set(replies.flatMap((reply) => (reply.adminId ? [reply.adminId] : []))),
    ]);
    return rows.map((row) => ({
      _id: row.id,
      name: row.name,
      email: row.email,
      message: row.message,
      createdAt: row.createdAt.toISOString(),
      readAt: row.readAt?.toISOString() ?? null,
      archivedAt: row.archivedAt?.toISOString() ?? null,
      replies: replies
        .filter((reply) => reply.messageId === row.id)
        .map((reply) => ({
          body: reply.body,
          sentAt: reply.createdAt.toISOString(),
          by: (reply.adminId && names.get(reply.adminId)) || null,
        })),
    }));
  }

  /** The one message as Messages lists it. */
  async function managedOne(executor: Executor, row: ContactMessageRow): Promise<ManagedMessage> {
    const [message] = await managed(executor, [row]);
    if (!message) throw new Error('a contact message went missing while it was read');
    return message;
  }

  return {
    /**
     * POST /contact: stores the message and, in the same transaction, an e-mail of it to the
     * staff (ADMIN_EMAILS and the admins who turned the staff e-mails on; delivered afterwards
     * through the outbox). Nothing goes to the address typed.
     */
    async receive(message: ContactMessage): Promise<ContactMessageResponse> {
      const row = await db.transaction(async (tx) => {
        const stored = await insertContactMessage(tx, message);
        await outbox.enqueueForStaff(tx, (to) => contactMessageMail(message, { publicUrl, to }), {
          contactMessageId: stored.id,
          mail: 'contact message, to staff',
        });
        return stored;
      });
      return { acknowledged: true, insertedId: row.id };
    },

    /** GET /manageMessages: every message, newest first, archived ones too (the page splits). */
    async list(): Promise<ManagedMessage[]> {
      return managed(db, await selectContactMessagesNewestFirst(db));
    },

    /**
     * GET /manageMessages/page (issue 43): a folder's messages a page at a time, newest first,
     * read from the page before's `next`, and how many each folder holds.
     */
    async page(query: {
      folder: MessageFolder;
      pageSize: number;
      after?: string | undefined;
    }): Promise<ManagedMessagesPage> {
      const found = await selectMessagesPage(db, {
        folder: query.folder,
        limit: query.pageSize,
        after: keysetCursorAfter(query.after),
      });
      const { inbox, archive } = found.counts;
      return {
        messages: await managed(db, found.rows),
        ...found.counts[query.folder],
        inbox: inbox.total,
        inboxCapped: inbox.capped,
        archive: archive.total,
        archiveCapped: archive.capped,
        next: found.next ? keysetCursorText(found.next) : null,
      };
    },

    /** PATCH /manageMessages/{id}: read or unread, archived or in the inbox; 404 when none. */
    async setState(id: string, state: MessageState): Promise<ManagedMessage> {
      // A malformed id is no message's: not found, never a database error.
      const messageId = parseId(id);
      const row = messageId ? await updateMessageState(db, messageId, state) : undefined;
      if (!row) throw notFound(texts.messagesAdmin.messageNotFound);
      return managedOne(db, row);
    },

    /**
     * POST /manageMessages/{id}/reply: the reply kept with the message (now read), and e-mailed
     * to the address the visitor typed with their message quoted, in one transaction: it leaves
     * if and only if it is kept. 404 when no message has this id.
     */
    async reply(id: string, admin: Account, reply: string): Promise<ManagedMessage> {
      const messageId = parseId(id);
      if (!messageId) throw notFound(texts.messagesAdmin.messageNotFound);
      const row = await db.transaction(async (tx) => {
        const message = await updateMessageState(tx, messageId, { read: true });
        if (!message) throw notFound(texts.messagesAdmin.messageNotFound);
        const kept = await insertContactReply(tx, { messageId, adminId: admin.id, body: reply });
        await outbox.enqueue(
          tx,
          contactReplyMail({ ...message, createdAt: message.createdAt.toISOString() }, reply),
          { mail: 'contact reply', contactMessageId: messageId, contactReplyId: kept.id },
        );
        return message;
      });
      // After the commit: the admins' names are read outside the transaction (on PGlite, one
      // transaction at a time, a read of the database inside it would wait for it forever).
      return managedOne(db, row);
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
