import { z } from 'zod';
import { IdSchema, textSchema, wholeNumberSchema } from './common.ts';
import { keysetCursorSchema } from './keyset-cursor.ts';
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

/** Messages' two folders (issue 42): the inbox, and the archive (archived messages). */
export const MESSAGE_FOLDERS = ['inbox', 'archive'] as const;
export type MessageFolder = (typeof MESSAGE_FOLDERS)[number];

/** How many messages a page of Messages shows (GET /manageMessages/page's default), and at most. */
export const MANAGED_MESSAGES_PAGE_SIZE = 50;
export const MANAGED_MESSAGES_MAX_PAGE_SIZE = 200;

/**
 * How many messages GET /manageMessages/page counts in a folder at most (issue 43): beyond, the
 * folder's count stops there and says so, as Manage Orders' does.
 */
export const MANAGED_MESSAGES_COUNT_CAP = 10_000;

/**
 * GET /manageMessages/page (admin, issue 43): a folder's messages a page at a time, newest first
 * as GET /manageMessages; `after` is the `next` of the page before.
 */
export const ManagedMessagesPageQuerySchema = z.object({
  folder: z
    .enum(MESSAGE_FOLDERS, { error: () => texts.messagesAdmin.badFolder })
    .optional()
    .default('inbox'),
  pageSize: wholeNumberSchema('pageSize', { min: 1, max: MANAGED_MESSAGES_MAX_PAGE_SIZE })
    .optional()
    .default(MANAGED_MESSAGES_PAGE_SIZE),
  after: keysetCursorSchema(texts.messagesAdmin.badPageCursor).optional(),
});
export type ManagedMessagesPageQuery = z.input<typeof ManagedMessagesPageQuerySchema>;

/**
 * GET /manageMessages/page's answer: one page of the folder, how many messages each folder holds
 * (`total` is the folder's), each MANAGED_MESSAGES_COUNT_CAP at most and capped when more, and the
 * next page's `after` (null on the last).
 */
export const ManagedMessagesPageSchema = z.object({
  messages: ManagedMessageListSchema,
  total: z.number().int().nonnegative(),
  /** True when the folder holds more messages than MANAGED_MESSAGES_COUNT_CAP (`total` stops). */
  capped: z.boolean(),
  inbox: z.number().int().nonnegative(),
  inboxCapped: z.boolean(),
  archive: z.number().int().nonnegative(),
  archiveCapped: z.boolean(),
  next: z.string().nullable(),
});
export type ManagedMessagesPage = z.infer<typeof ManagedMessagesPageSchema>;

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
