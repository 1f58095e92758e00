import { z } from 'zod';
import { IdSchema, textSchema } from './common.ts';
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

/** GET /manageMessages (admin): one message as sent, with when it came (ISO 8601). */
export const ManagedMessageSchema = z.object({
  _id: IdSchema,
  name: z.string(),
  email: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type ManagedMessage = z.infer<typeof ManagedMessageSchema>;
export const ManagedMessageListSchema = z.array(ManagedMessageSchema);
