import { z } from 'zod';
import { ErrorBodySchema, routes, SIGN_IN_CODE } from '@tools-factory/contract';
import {
  SESSION_COOKIE,
  SESSION_COOKIE_NAME,
  type OpenApiAnswer,
  type OpenApiOperation,
  type OpenApiPaths,
  type OpenApiSchema,
} from '../../plugins/openapi.ts';
import { AUTH_BASE_PATH, GOOGLE_PROVIDER_ID } from './auth.ts';
import { IDENTITY_RATE_LIMITS } from './auth-rate-limits.ts';
import { IDENTITY_ENDPOINTS, type IdentityEndpoint } from './identity-endpoints.ts';

/*
 * The OpenAPI description of the identity endpoints (identity-endpoints.ts). Better Auth serves
 * them all behind one wildcard route, which no route schema can describe: this file does, from
 * what they answer through identity.routes.ts (bodies checked against the contract's schemas,
 * errors as `{ message, statusCode, code? }`).
 */

/** A zod schema as the JSON Schema of the document (as the routes' schemas are made). */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): OpenApiSchema {
  const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
  });
  // zod's JSON Schema type and openapi-types' are two spellings of one JSON Schema dialect.
  return jsonSchema as OpenApiSchema;
}

/** An ISO 8601 time as Better Auth writes them (documented only: no pattern to read through). */
const dateTime = () => z.string().meta({ format: 'date-time' });

const IdentityUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullable(),
  role: z.enum(['user', 'admin']),
  createdAt: dateTime(),
  updatedAt: dateTime(),
});

const SessionSchema = z.object({
  id: z.string(),
  token: z.string().meta({ description: "The session cookie's token (not an access token)." }),
  userId: z.string(),
  expiresAt: dateTime(),
  createdAt: dateTime(),
  updatedAt: dateTime(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
});

const sessionToken = z.string().meta({
  description:
    'The session token the cookie carries. Not the access token: PUT /api/user/{email} answers that one.',
});

const SignedInSchema = z.object({
  redirect: z.literal(false),
  token: sessionToken,
  user: IdentityUserSchema,
});
const SignedUpSchema = z.object({ token: sessionToken.nullable(), user: IdentityUserSchema });
const CurrentSessionSchema = z
  .object({ session: SessionSchema, user: IdentityUserSchema })
  .nullable()
  .meta({ description: 'The session and its user, or null without a (live) session cookie.' });
const StatusSchema = z.object({ status: z.literal(true) });
const ResetRequestedSchema = z.object({ status: z.literal(true), message: z.string() });
const SignedOutSchema = z.object({ success: z.literal(true) });
const CodeSentSchema = z.object({ success: z.literal(true) });
const SignedInWithCodeSchema = z.object({ token: sessionToken, user: IdentityUserSchema });
const EmailVerifiedSchema = z.object({
  status: z.literal(true),
  user: IdentityUserSchema.nullable(),
});
const SocialRedirectSchema = z.object({
  url: z.url().meta({ description: "The provider's sign-in page: send the browser there." }),
  redirect: z.literal(true),
});
const IdentityErrorSchema = ErrorBodySchema.extend({
  code: z
    .string()
    .optional()
    .meta({ description: "Better Auth's error code (INVALID_EMAIL_OR_PASSWORD, ...)." }),
});

function json(
  description: string,
  schema: z.ZodType,
  headers?: OpenApiAnswer['headers'],
): OpenApiAnswer {
  return {
    description,
    ...(headers ? { headers } : {}),
    content: { 'application/json': { schema: jsonSchemaOf(schema, 'output') } },
  };
}

const error = (description: string) => json(description, IdentityErrorSchema);

const setsSessionCookie = {
  'Set-Cookie': {
    description: `\`${SESSION_COOKIE_NAME}=...; Max-Age=604800; Path=/; HttpOnly; SameSite=Lax\`: the session. Keep it (curl: \`-c cookies.txt\`) and send it back (\`-b cookies.txt\`).`,
    schema: { type: 'string' as const },
  },
};

const redirect = (description: string): OpenApiAnswer => ({
  description,
  headers: {
    Location: { description: 'Where the browser goes next.', schema: { type: 'string' } },
  },
});

const badBody = error(
  'The body is not a JSON object of the fields listed, or a field is invalid: the message names it.',
);
const originRefused = error(
  "The request carries cookies but no `Origin` header of this site (PUBLIC_URL), or another site's: `MISSING_OR_NULL_ORIGIN`, `INVALID_ORIGIN`.",
);
const tooManyAttempts = error(
  `Too many attempts on this endpoint within a minute (${IDENTITY_RATE_LIMITS.perClientAndAddress.max} per client and e-mail, ${IDENTITY_RATE_LIMITS.perClient.max} per client, ${IDENTITY_RATE_LIMITS.perAddress.max} per e-mail).`,
);
tooManyAttempts.headers = {
  'Retry-After': {
    description: 'Seconds until the next attempt counts.',
    schema: { type: 'integer' },
  },
};

/** The calls that e-mail an address are also limited per recipient (issue 40). */
const emailsPerRecipient =
  'Or this kind of e-mail went to the address 5 times (IDENTITY_EMAILS_PER_HOUR) within the hour, whoever asked: the same answer whether or not an account uses the address.';
/** An address's sign-in codes take so many guesses a day from all clients together (issue 40). */
const codesPaused =
  "Or the address's sign-in codes are paused: they took 100 guesses (SIGN_IN_CODE_GUESSES_PER_DAY) within the day, from all clients together; `Retry-After` says when they take more. The password sign-in is not affected.";
const tooManyEmails = error(`${tooManyAttempts.description} ${emailsPerRecipient}`);
const tooManyCodeEmails = error(`${tooManyEmails.description} ${codesPaused}`);
const tooManyCodeGuesses = error(`${tooManyAttempts.description} ${codesPaused}`);
for (const answer of [tooManyEmails, tooManyCodeEmails, tooManyCodeGuesses]) {
  answer.headers = tooManyAttempts.headers;
}

const PUBLIC: OpenApiOperation['security'] = [];
/** The session cookie when there is one; the call answers without one too. */
const SESSION_IF_ANY: OpenApiOperation['security'] = [{ [SESSION_COOKIE]: [] }, {}];
const SESSION: OpenApiOperation['security'] = [{ [SESSION_COOKIE]: [] }];

const query = (name: string, description: string, required: boolean) => ({
  in: 'query' as const,
  name,
  required,
  description,
  schema: { type: 'string' as const },
});

const pathParameter = (name: string, description: string) => ({
  in: 'path' as const,
  name,
  required: true,
  description,
  schema: { type: 'string' as const },
});

/** What each endpoint does and answers, beside its method, path and body (identity-endpoints.ts). */
const OPERATIONS: Record<string, Omit<OpenApiOperation, 'requestBody'>> = {
  'POST /sign-in/email': {
    operationId: 'signInWithEmail',
    summary: 'Sign in with e-mail and password',
    description:
      'Starts the identity session (the cookie). Next, PUT /api/user/{email} with that cookie answers the access token the other calls need.',
    security: PUBLIC,
    responses: {
      200: json('Signed in: the session cookie is set.', SignedInSchema, setsSessionCookie),
      400: badBody,
      401: error(
        'Wrong password, or no account uses this e-mail (the message says which): `INVALID_EMAIL_OR_PASSWORD`.',
      ),
      403: originRefused,
      429: tooManyAttempts,
    },
  },
  'POST /sign-up/email': {
    operationId: 'signUpWithEmail',
    summary: 'Create an account (and sign in)',
    description:
      "Creates the account and starts its session (the cookie). **No verification e-mail is sent by this call**: the client asks for it next with POST /api/auth/send-verification-email (`{ email, callbackURL }`, on the session cookie), as the web app's sign-up sequence does; until the link in that e-mail is followed the account stays unverified (it may sign in, with the limits of an unverified account). Then PUT /api/user/{email} records the user and answers the access token. An address in ADMIN_EMAILS becomes an admin once verified.",
    security: PUBLIC,
    responses: {
      200: json(
        'Account created and signed in: the session cookie is set.',
        SignedUpSchema,
        setsSessionCookie,
      ),
      400: badBody,
      403: originRefused,
      422: error('This e-mail is already in use: `USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL`.'),
      429: tooManyAttempts,
    },
  },
  'POST /send-verification-email': {
    operationId: 'sendVerificationEmail',
    summary: 'E-mail the address verification link',
    description:
      'The link (GET /api/auth/verify-email) verifies the address and lands on `callbackURL`. Answers the same whether or not an account uses the e-mail.',
    security: SESSION_IF_ANY,
    responses: {
      200: json(
        'The e-mail is on its way (when an unverified account uses the address).',
        StatusSchema,
      ),
      400: badBody,
      403: originRefused,
      429: tooManyEmails,
    },
  },
  'POST /request-password-reset': {
    operationId: 'requestPasswordReset',
    summary: 'E-mail a password reset link',
    description: `The link (GET /api/auth/reset-password/{token}) lands on \`redirectTo\` (the web app's ${routes.resetPassword}) with \`?token=...\`. Answers the same whether or not an account uses the e-mail. Asking again cancels no earlier link: each works until it expires or until one of the account's links has reset the password, which ends the others.`,
    security: PUBLIC,
    responses: {
      200: json('Asked: the e-mail goes out if an account uses the address.', ResetRequestedSchema),
      400: badBody,
      403: originRefused,
      429: tooManyEmails,
    },
  },
  'POST /reset-password': {
    operationId: 'resetPassword',
    summary: "Set a new password with the e-mailed link's token",
    description: 'Ends every session of the account (and so its access tokens).',
    security: PUBLIC,
    responses: {
      200: json('The password is changed.', StatusSchema),
      400: error(
        'A field is invalid, or the token is unknown, used or expired (`INVALID_TOKEN`: ask for a new link).',
      ),
      403: originRefused,
      429: tooManyAttempts,
    },
  },
  'POST /email-otp/send-verification-otp': {
    operationId: 'sendSignInCode',
    summary: 'E-mail a sign-in code',
    description: `\`type\` is \`sign-in\` (no other kind is taken). E-mails a code of ${SIGN_IN_CODE.length} characters (digits and capitals without I, L, O and U, shown as \`7KQM-3XPD\`), valid ${SIGN_IN_CODE.expiresInMinutes} minutes, for POST /api/auth/sign-in/email-otp: the way in when the password sign-in answers 429. Asking again within that time resends the same code. Answers the same whether or not an account uses the e-mail (no code goes to an address without one). Counted apart from the password sign-in.`,
    security: PUBLIC,
    responses: {
      200: json('Asked: the code goes out if an account uses the address.', CodeSentSchema),
      400: badBody,
      403: originRefused,
      429: tooManyCodeEmails,
    },
  },
  'POST /sign-in/email-otp': {
    operationId: 'signInWithEmailCode',
    summary: 'Sign in with the e-mailed code',
    description: `Starts the identity session (the cookie), as the password sign-in does; then PUT /api/user/{email} answers the access token. \`otp\` is taken in any case, with or without its dash or spaces (O read as 0, I and L as 1). A code works once; wrong tries, whoever makes them, do not spend it: they are counted per address instead (429 past the day's guesses). Signing in with a code proves the mailbox: an account whose e-mail was not yet verified becomes verified, and loses what was set up before that proof (its password, its sessions).`,
    security: PUBLIC,
    responses: {
      200: json('Signed in: the session cookie is set.', SignedInWithCodeSchema, setsSessionCookie),
      400: error(
        'A field is invalid, or the code is wrong, used, expired or for an address without an account: `INVALID_OTP`, `OTP_EXPIRED`.',
      ),
      403: originRefused,
      429: tooManyCodeGuesses,
    },
  },
  'GET /get-session': {
    operationId: 'getSession',
    summary: 'The session this cookie holds',
    description: 'Answers null (200) without a cookie, or when its session has ended.',
    security: SESSION_IF_ANY,
    responses: { 200: json('The session, or null.', CurrentSessionSchema) },
  },
  'POST /update-user': {
    operationId: 'updateIdentityUser',
    summary: "Set the signed-in user's display name",
    description: 'The last step of the web sign-up sequence.',
    security: SESSION,
    responses: {
      200: json('Changed.', StatusSchema),
      400: badBody,
      401: error('No session cookie, or its session has ended: `UNAUTHORIZED`.'),
      403: originRefused,
    },
  },
  'POST /sign-out': {
    operationId: 'signOut',
    summary: 'End the session',
    description:
      'Ends the session of the cookie (and the access tokens issued for it) and clears the cookies. The body is `{}` or none.',
    security: SESSION_IF_ANY,
    responses: {
      200: json('Signed out: the cookies are cleared (`Max-Age=0`).', SignedOutSchema, {
        'Set-Cookie': { description: 'Clears the session cookies.', schema: { type: 'string' } },
      }),
      400: badBody,
      403: originRefused,
    },
  },
  'GET /verify-email': {
    operationId: 'verifyEmail',
    summary: 'Verify the address (the link of the verification e-mail)',
    description:
      'With `callbackURL` (as in the e-mailed link) the answer is a redirect there, with `?error=INVALID_TOKEN` (or `TOKEN_EXPIRED`) when the link is bad; without it, JSON.',
    security: PUBLIC,
    parameters: [
      query('token', "The e-mailed link's token.", true),
      query('callbackURL', 'Where to land afterwards (the web app sends `/`).', false),
    ],
    responses: {
      200: json('Verified (without `callbackURL`).', EmailVerifiedSchema),
      302: redirect('To `callbackURL`, verified or with `?error=...`.'),
      400: error('No `token`.'),
      401: error('The token is invalid or expired (without `callbackURL`): `INVALID_TOKEN`.'),
    },
  },
  'GET /reset-password/{token}': {
    operationId: 'openPasswordResetLink',
    summary: 'Open the link of the password reset e-mail',
    description:
      "Redirects to `callbackURL` with `?token=...` for POST /api/auth/reset-password, or with `?error=INVALID_TOKEN` when the link is unknown, used or expired. A browser's call: it answers only redirects.",
    security: PUBLIC,
    parameters: [
      pathParameter('token', "The e-mailed link's token."),
      query('callbackURL', `The web app's reset page (${routes.resetPassword}).`, true),
    ],
    responses: {
      302: redirect('To `callbackURL?token=...`, or `callbackURL?error=INVALID_TOKEN`.'),
      400: error('No `callbackURL`.'),
    },
  },
  'POST /sign-in/social': {
    operationId: 'signInWithGoogle',
    summary: 'Start signing in with Google',
    description: `\`provider\` is \`${GOOGLE_PROVIDER_ID}\`, offered when GOOGLE_CLIENT_ID is set (GET /api/identity-settings tells). The answer is Google's page to send the browser to; Google sends it back to GET /api/auth/callback/${GOOGLE_PROVIDER_ID}, which starts the session and lands on \`callbackURL\` (\`errorCallbackURL?error=...\` on failure).`,
    security: PUBLIC,
    responses: {
      200: json(
        "Google's sign-in page; a state cookie is set for the way back.",
        SocialRedirectSchema,
      ),
      400: badBody,
      403: originRefused,
      404: error(
        'Google sign-in is not configured here, or another provider was named: `PROVIDER_NOT_FOUND`.',
      ),
    },
  },
  'GET /callback/{id}': {
    operationId: 'completeGoogleSignIn',
    summary: "Google's way back (OpenID Connect callback)",
    description:
      "Called by the browser as Google redirects it, with Google's `code` and `state`: starts the session (cookie) and redirects to the `callbackURL` given to POST /api/auth/sign-in/social, or to its `errorCallbackURL` (else the login page) with `?error=...`. It answers only redirects.",
    security: PUBLIC,
    parameters: [
      pathParameter('id', `The provider (\`${GOOGLE_PROVIDER_ID}\`).`),
      query('code', "Google's authorization code.", false),
      query('state', 'The state given at the start.', false),
    ],
    responses: {
      302: redirect(
        `To \`callbackURL\` signed in (the session cookie is set), or to \`errorCallbackURL\` (else ${routes.login}) with \`?error=...\`.`,
      ),
    },
  },
};

/** `/reset-password/:token` as OpenAPI spells it: `/reset-password/{token}`. */
function openApiPathOf(endpoint: IdentityEndpoint): string {
  return endpoint.path.replace(/:([A-Za-z]+)/g, '{$1}');
}

function requestBodyOf(body: z.ZodType): OpenApiOperation['requestBody'] {
  return {
    // sign-out takes no body as well as `{}`.
    required: !body.safeParse(undefined).success,
    content: { 'application/json': { schema: jsonSchemaOf(body, 'input') } },
  };
}

/**
 * The identity endpoints as OpenAPI paths (a new object each call: the document is built on it).
 * Throws for an endpoint of the allowlist left undocumented here.
 */
export function identityOpenApiPaths(): OpenApiPaths {
  const paths: OpenApiPaths = {};
  for (const endpoint of IDENTITY_ENDPOINTS) {
    const path = openApiPathOf(endpoint);
    const operation = OPERATIONS[`${endpoint.method} ${path}`];
    if (!operation) {
      throw new Error(`${endpoint.method} ${AUTH_BASE_PATH}${path} has no OpenAPI description`);
    }
    const method = endpoint.method === 'GET' ? 'get' : 'post';
    paths[`${AUTH_BASE_PATH}${path}`] = {
      ...paths[`${AUTH_BASE_PATH}${path}`],
      [method]: {
        tags: ['identity'],
        ...structuredClone(operation),
        ...(endpoint.body ? { requestBody: requestBodyOf(endpoint.body) } : {}),
      },
    };
  }
  return paths;
}
