import { z } from 'zod';

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

export const SaveProfileSchema = z.object({
  name: z.string().trim().max(120).optional(),
  email: z.string().optional(),
  education: z.string().trim().min(1, 'education is required').max(200),
  city: z.string().trim().min(1, 'city is required').max(120),
  phone: z
    .string()
    .trim()
    .min(1, 'phone is required')
    .regex(/^[0-9+\-\s()]+$/, 'phone must be a number')
    .max(40),
  linkdin: z.string().trim().min(1, 'linkdin is required').max(300),
});
export type SaveProfile = z.input<typeof SaveProfileSchema>;
