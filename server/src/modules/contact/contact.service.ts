import type {
  ContactMessage,
  ContactMessageResponse,
  ManagedMessage,
} from '@tools-factory/contract';
import type { Database } from '../../db/client.ts';
import type { OutboxWriter } from '../../mail/outbox.ts';
import { contactMessageMail } from '../../mail/templates/contact.ts';
import {
  insertContactMessage,
  selectContactMessagesNewestFirst,
  type ContactMessageRow,
} from './contact.repository.ts';

function toManagedMessage(row: ContactMessageRow): ManagedMessage {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  };
}

export type ContactServiceOptions = {
  db: Database;
  /** Takes the admins' e-mails in the transaction that stores the message. */
  outbox: OutboxWriter;
  publicUrl: string;
};

/**
 * The home page's contact form (docs/architecture.md#departures-from-the-spec): stored, e-mailed to
 * the admins, listed.
 */
export function createContactService(options: ContactServiceOptions) {
  const { db, outbox, publicUrl } = options;
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

    /** GET /manageMessages: every message, newest first. */
    async list(): Promise<ManagedMessage[]> {
      return (await selectContactMessagesNewestFirst(db)).map(toManagedMessage);
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
