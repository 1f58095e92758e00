import { z } from 'zod';
import { texts } from './texts.ts';
import { normalizeSignInCode, SIGN_IN_CODE } from './sign-in-code.ts';
import { DisplayNameSchema, EmailSchema, LoginFormSchema, PasswordSchema } from './users.ts';

/**
 * The bodies of the identity service's calls (Better Auth under /api/auth), as the web app sends
 * them. The server refuses any other field, so that nothing the product does not use (an image
 * link, a role, an ID token) reaches the identity service.
 */

const errorsText = texts.identityErrors;

/** Callback and redirect paths the web app sends ('/', '/reset-password', '/login?...'). */
const MAX_CALLBACK_LENGTH = 2048;
/** Better Auth's reset tokens are 24 characters; anything far longer is no token of ours. */
const MAX_RESET_TOKEN_LENGTH = 256;
/** Provider ids are short names ('google'). */
const MAX_PROVIDER_LENGTH = 64;

function identityBody<Shape extends z.ZodRawShape>(shape: Shape) {
  const allowed = Object.keys(shape);
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code === 'unrecognized_keys') {
        return errorsText.unexpectedFields(issue.keys, allowed);
      }
      return issue.code === 'invalid_type' ? errorsText.bodyNotObject : undefined;
    },
  });
}

const callbackSchema = (field: string) =>
  z
    .string({ error: texts.fieldErrors.notText(field) })
    .max(MAX_CALLBACK_LENGTH, texts.fieldErrors.tooLong(field, MAX_CALLBACK_LENGTH))
    .optional();

/** POST /api/auth/sign-in/email: the login form's fields. */
export const SignInEmailBodySchema = identityBody(LoginFormSchema.shape);

/** POST /api/auth/sign-up/email: the sign-up form's fields (no image, no role). */
export const SignUpEmailBodySchema = identityBody({
  name: DisplayNameSchema,
  email: EmailSchema,
  password: PasswordSchema,
});

/** POST /api/auth/send-verification-email: the link comes back to `callbackURL`. */
export const SendVerificationEmailBodySchema = identityBody({
  email: EmailSchema,
  callbackURL: callbackSchema('callbackURL'),
});

/** POST /api/auth/request-password-reset: the link lands on `redirectTo`. */
export const RequestPasswordResetBodySchema = identityBody({
  email: EmailSchema,
  redirectTo: callbackSchema('redirectTo'),
});

/** POST /api/auth/reset-password: a missing or malformed token is an invalid link. */
export const ResetPasswordBodySchema = identityBody({
  newPassword: PasswordSchema,
  token: z
    .string({ error: errorsText.invalidResetLink })
    .min(1, errorsText.invalidResetLink)
    .max(MAX_RESET_TOKEN_LENGTH, errorsText.invalidResetLink),
});

// In a module without zod: the login page shows its figures without building any schema.
export { formatSignInCode, normalizeSignInCode, SIGN_IN_CODE } from './sign-in-code.ts';

const codeInvalid = texts.login.codeInvalid(SIGN_IN_CODE.length);

/**
 * The code as typed (`7kqm 3xpd`, `7KQM-3XPD`), made the code as issued (`7KQM3XPD`, see
 * normalizeSignInCode): exactly SIGN_IN_CODE.length characters of its alphabet.
 */
export const SignInCodeSchema = z
  .string({ error: codeInvalid })
  .max(SIGN_IN_CODE.length * 4, codeInvalid)
  .meta({ example: '7KQM-3XPD' })
  .transform(normalizeSignInCode)
  .pipe(
    z
      .string()
      .regex(new RegExp(`^[${SIGN_IN_CODE.alphabet}]{${SIGN_IN_CODE.length}}$`), codeInvalid),
  );

/** POST /api/auth/email-otp/send-verification-otp: a sign-in code, and no other kind. */
export const SendSignInCodeBodySchema = identityBody({
  email: EmailSchema,
  type: z.literal('sign-in', { error: texts.fieldErrors.notOneOf('type', ['sign-in']) }),
});

/** POST /api/auth/sign-in/email-otp: the e-mail and its code (no name: codes make no account). */
export const SignInWithCodeBodySchema = identityBody({ email: EmailSchema, otp: SignInCodeSchema });

/** The login page's code step: the code field. */
export const SignInCodeFormSchema = z.object({ otp: SignInCodeSchema });
export type SignInCodeForm = z.infer<typeof SignInCodeFormSchema>;

/** POST /api/auth/update-user: the sign-up sequence sets the display name, and nothing else. */
export const UpdateIdentityUserSchema = identityBody({ name: DisplayNameSchema });

/** POST /api/auth/sign-out: nothing to send (the web app sends `{}` or no body). */
export const SignOutBodySchema = identityBody({}).optional();

/** POST /api/auth/sign-in/social: starts Google's redirect (no ID token, no extra scopes). */
export const SignInSocialBodySchema = identityBody({
  provider: z
    .string({ error: texts.fieldErrors.required('provider') })
    .min(1, texts.fieldErrors.required('provider'))
    .max(MAX_PROVIDER_LENGTH, texts.fieldErrors.tooLong('provider', MAX_PROVIDER_LENGTH)),
  callbackURL: callbackSchema('callbackURL'),
  errorCallbackURL: callbackSchema('errorCallbackURL'),
});

/**
 * GET /identity-settings (anyone): which ways of signing in this server offers, so that the login
 * and sign-up pages show 'Continew with Google' only where Google is set up.
 */
export const IdentitySettingsSchema = z.object({ googleSignIn: z.boolean() });
export type IdentitySettings = z.infer<typeof IdentitySettingsSchema>;
