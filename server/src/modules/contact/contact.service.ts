import type {
  ContactMessage,
  ContactMessageResponse,
  ManagedMessage,
} from '@tools-factory/contract';
import type { Database } from '../../db/client.ts';
import type { MailDispatch } from '../../mail/mail-dispatch.ts';
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
  mail: MailDispatch;
  publicUrl: string;
  /**
   * Who reads the messages: the ADMIN_EMAILS addresses and every account with the admin role
   * (asked when a message comes, so a new admin hears of the next one).
   */
  adminRecipients(): Promise<readonly string[]>;
};

/** The home page's contact form (DESIGN.md section 10): stored, e-mailed to the admins, listed. */
export function createContactService(options: ContactServiceOptions) {
  const { db, mail, publicUrl, adminRecipients } = options;
  return {
    /**
     * POST /contact: stores the message, then e-mails it to each admin in the background (the
     * message stands whatever happens to the e-mail). Nothing goes to the address typed.
     */
    async receive(message: ContactMessage): Promise<ContactMessageResponse> {
      const row = await insertContactMessage(db, message);
      for (const to of await adminRecipients()) {
        mail.send(contactMessageMail(message, { publicUrl, to }), {
          contactMessageId: row.id,
          mail: 'contact message, to admins',
        });
      }
      return { acknowledged: true, insertedId: row.id };
    },

    /** GET /manageMessages (admin): every message, newest first. */
    async list(): Promise<ManagedMessage[]> {
      return (await selectContactMessagesNewestFirst(db)).map(toManagedMessage);
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
