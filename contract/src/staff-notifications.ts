import { z } from 'zod';

/**
 * PUT /manageNotifications (admins): the caller turns the staff e-mails (new orders, payments,
 * quote requests, contact messages, low stock) on or off for themself.
 */
export const StaffNotificationsInputSchema = z.strictObject({ enabled: z.boolean() });
export type StaffNotificationsInput = z.infer<typeof StaffNotificationsInputSchema>;

/**
 * GET and PUT /manageNotifications: whether the caller gets the staff e-mails. `listed`: their
 * address is in ADMIN_EMAILS, which gets them whatever `enabled` says.
 */
export const StaffNotificationsSchema = z.object({
  enabled: z.boolean(),
  listed: z.boolean(),
});
export type StaffNotifications = z.infer<typeof StaffNotificationsSchema>;
