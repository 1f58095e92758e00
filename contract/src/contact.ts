import { z } from 'zod';
import { IdSchema, textSchema } from './common.ts';
import { texts } from './texts.ts';
import { EmailSchema } from './users.ts';

/** The longest message the contact form takes. */
export const MAX_CONTACT_MESSAGE_LENGTH = 5000;

/**
 * POST /contact (anyone): the home page's contact form, the spec's 'Your Name' and 'Email' plus a
 * message (docs/architecture.md#departures-from-the-spec), all required. Stored and e-mailed to the
 * admins; nothing is ever e-mailed to the address typed.
 */
export const ContactMessageSchema = z.object({
  name: textSchema('name', { max: 120 }),
  email: EmailSchema,
  message: textSchema('message', { max: MAX_CONTACT_MESSAGE_LENGTH }),
});
export type ContactMessageInput = z.input<typeof ContactMessageSchema>;
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

/** POST /contact answers that the message is stored. */
export const ContactMessageResponseSchema = z.object({
  acknowledged: z.boolean(),
  insertedId: IdSchema,
});
export type ContactMessageResponse = z.infer<typeof ContactMessageResponseSchema>;

/** An admin's reply to a message, as it was e-mailed to the address the visitor typed. */
export const MessageReplySchema = z.object({
  body: z.string(),
  /** ISO 8601. */
  sentAt: z.string(),
  /** The admin's account name; null once that account is removed. */
  by: z.string().nullable(),
});
export type MessageReply = z.infer<typeof MessageReplySchema>;

/**
 * GET /manageMessages (admin): one message as sent, with when it came (ISO 8601), whether an
 * admin read or archived it (ISO 8601, else null), and the replies sent, oldest first.
 */
export const ManagedMessageSchema = z.object({
  _id: IdSchema,
  name: z.string(),
  email: z.string(),
  message: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  archivedAt: z.string().nullable(),
  replies: z.array(MessageReplySchema),
});
export type ManagedMessage = z.infer<typeof ManagedMessageSchema>;
export const ManagedMessageListSchema = z.array(ManagedMessageSchema);

/**
 * PATCH /manageMessages/{id} (admin): mark a message read or unread, archive it or move it back
 * to the inbox; at least one of the two, nothing else.
 */
export const MessageStateSchema = z
  .strictObject({
    read: z.boolean().optional(),
    archived: z.boolean().optional(),
  })
  .refine((state) => state.read !== undefined || state.archived !== undefined, {
    error: texts.messagesAdmin.stateRequired,
  });
export type MessageState = z.infer<typeof MessageStateSchema>;

/** The longest reply an admin sends. */
export const MAX_MESSAGE_REPLY_LENGTH = 5000;

/** POST /manageMessages/{id}/reply (admin): the reply, e-mailed to the address the visitor typed. */
export const MessageReplyInputSchema = z.object({
  reply: textSchema('reply', { max: MAX_MESSAGE_REPLY_LENGTH }),
});
export type MessageReplyInput = z.infer<typeof MessageReplyInputSchema>;
