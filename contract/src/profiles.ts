import { z } from 'zod';
import { textSchema } from './common.ts';
import { texts } from './texts.ts';
import { MAX_EMAIL_LENGTH, OptionalDisplayNameSchema } from './users.ts';

export const ProfileSchema = z.object({
  name: z.string(),
  email: z.string(),
  education: z.string(),
  city: z.string(),
  phone: z.string(),
  linkdin: z.string(),
});
export type Profile = z.infer<typeof ProfileSchema>;
export const ProfileListSchema = z.array(ProfileSchema);

/**
 * POST /userinfo and PATCH /userinfo/{email}: the four fields of the forms. Name and e-mail are
 * always the account's; the body may repeat them (the original sent them) but they are not used.
 */
export const SaveProfileSchema = z.object({
  name: OptionalDisplayNameSchema,
  email: textSchema('email', { max: MAX_EMAIL_LENGTH, required: false }).optional(),
  education: textSchema('education', { max: 200 }),
  city: textSchema('city', { max: 120 }),
  phone: textSchema('phone', { max: 40 }).regex(
    /^[0-9+\-\s()]+$/,
    texts.fieldErrors.notANumber('phone'),
  ),
  linkdin: textSchema('linkdin', { max: 300 }),
});
export type SaveProfile = z.input<typeof SaveProfileSchema>;
/** What the server works with, once parsed. */
export type SaveProfileInput = z.output<typeof SaveProfileSchema>;

/** POST /userinfo answers what the original's insert answered; `insertedId` names the record. */
export const AddProfileResponseSchema = z.object({
  acknowledged: z.boolean(),
  insertedId: z.string(),
});
export type AddProfileResponse = z.infer<typeof AddProfileResponseSchema>;

/** PATCH /userinfo/{email}: `modifiedCount` 0 when the record already held these values. */
export const UpdateProfileResponseSchema = z.object({
  acknowledged: z.boolean(),
  matchedCount: z.number().int(),
  modifiedCount: z.number().int(),
});
export type UpdateProfileResponse = z.infer<typeof UpdateProfileResponseSchema>;
