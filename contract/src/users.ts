import { z } from 'zod';
import { CompanyRoleSchema } from './company-roles.ts';
import { textSchema, wholeNumberSchema } from './common.ts';
import { keysetCursorSchema } from './keyset-cursor.ts';
import { texts } from './texts.ts';

/**
 * The e-mail rule (docs/architecture.md#departures-from-the-spec): every address a mail server
 * takes in practice (hyphens and digits in the domain, long top-level domains, sub-addresses like
 * `buyer+tools@`), not the spec's letters-only pattern. It is zod 4's own e-mail rule, the very one
 * Better Auth checks on sign-up, sign-in and reset, so the forms, the API and identity accept
 * exactly the same addresses. It takes the whole text (the spec's pattern matched anywhere in it).
 */
export const EMAIL_PATTERN: RegExp = z.regexes.email;
export const MIN_PASSWORD_LENGTH = 6;
/** The longest address SMTP carries (RFC 5321). */
export const MAX_EMAIL_LENGTH = 254;
/** A person's display name, as the sign-up form, PUT /user and the profile take it. */
const MAX_NAME_LENGTH = 120;

const v = texts.validation;

export const EmailSchema = z
  .string({ error: texts.fieldErrors.required('email') })
  .trim()
  .min(1, texts.fieldErrors.required('email'))
  .max(MAX_EMAIL_LENGTH, texts.fieldErrors.tooLong('email', MAX_EMAIL_LENGTH))
  // Said on its own before the rule, which would refuse it in less precise words.
  .refine((email) => !email.includes('\0'), {
    error: texts.fieldErrors.nulCharacter('email'),
    abort: true,
  })
  .regex(EMAIL_PATTERN, v.emailInvalid)
  .transform((email) => email.toLowerCase());

export const PasswordSchema = z
  .string({ error: texts.fieldErrors.required('password') })
  .min(1, texts.fieldErrors.required('password'))
  .min(MIN_PASSWORD_LENGTH, v.passwordTooShort);

export const LoginFormSchema = z.object({ email: EmailSchema, password: PasswordSchema });
export type LoginForm = z.input<typeof LoginFormSchema>;

/** A person's display name (trimmed, no NUL), required: the sign-up form's and the identity calls'. */
export const DisplayNameSchema = textSchema('name', { max: MAX_NAME_LENGTH });
/** The display name where a call may leave it out (PUT /user, the profile forms). */
export const OptionalDisplayNameSchema = textSchema('name', {
  max: MAX_NAME_LENGTH,
  required: false,
}).optional();

export const SignupFormSchema = z.object({
  name: DisplayNameSchema,
  email: EmailSchema,
  password: PasswordSchema,
});
export type SignupForm = z.input<typeof SignupFormSchema>;

export const RoleSchema = z.enum(['admin', 'user']);
export type Role = z.infer<typeof RoleSchema>;

export const UserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: RoleSchema,
  /**
   * Beyond the spec: an ADMIN_EMAILS owner (a listed address that is admin). Other admins can
   * neither demote nor remove an owner, so All Users offers them no such button.
   */
  owner: z.boolean(),
  /**
   * Beyond the spec (issue 44): the company account it belongs to, and as what (null for none);
   * ALL USERS shows it, and Remove User asks who takes over from a company's only admin.
   */
  company: z.object({ _id: z.string(), legalName: z.string(), role: CompanyRoleSchema }).nullable(),
});
export type User = z.infer<typeof UserSchema>;
export const UserListSchema = z.array(UserSchema);

/** The largest page GET /users/search answers, and its default (issue 43). */
export const USERS_MAX_PAGE_SIZE = 200;
export const USERS_PAGE_SIZE = 100;

/**
 * GET /users/search (admin, issue 43): ALL USERS a page at a time, oldest first as the spec's
 * list, `q` found in the name or e-mail; `after` is the `next` of the page before.
 */
export const UsersSearchQuerySchema = z.object({
  q: textSchema('q', { max: 200, required: false }).optional(),
  pageSize: wholeNumberSchema('pageSize', { min: 1, max: USERS_MAX_PAGE_SIZE })
    .optional()
    .default(USERS_PAGE_SIZE),
  after: keysetCursorSchema(texts.admin.badUsersCursor).optional(),
});
export type UsersSearchQuery = z.input<typeof UsersSearchQuerySchema>;

/** GET /users/search's answer: one page, how many accounts match, and the next page's `after`. */
export const UsersPageSchema = z.object({
  users: UserListSchema,
  total: z.number().int().nonnegative(),
  next: z.string().nullable(),
});
export type UsersPage = z.infer<typeof UsersPageSchema>;

/** PUT /user/{email}: sent after every sign-in or sign-up. */
export const UpsertUserSchema = z.object({
  email: EmailSchema,
  name: OptionalDisplayNameSchema,
});
export type UpsertUser = z.input<typeof UpsertUserSchema>;

export const UpsertUserResponseSchema = z.object({
  result: z.object({
    acknowledged: z.boolean(),
    matchedCount: z.number().int(),
    modifiedCount: z.number().int(),
    upsertedId: z.string().nullable(),
  }),
  token: z.string(),
});
export type UpsertUserResponse = z.infer<typeof UpsertUserResponseSchema>;

export const AdminCheckSchema = z.object({ admin: z.boolean() });
export type AdminCheck = z.infer<typeof AdminCheckSchema>;

export const ModifiedCountSchema = z.object({ modifiedCount: z.number().int() });
export const DeletedCountSchema = z.object({ deletedCount: z.number().int() });

/** An e-mail in a path: the same rule as in a body (lower-cased; never a NUL character). */
export const EmailParamsSchema = z.object({ email: EmailSchema });
