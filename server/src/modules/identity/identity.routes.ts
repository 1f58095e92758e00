import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { z } from 'zod';
import { fromNodeHeaders } from 'better-auth/node';
import { serverTexts, texts } from '@tools-factory/contract';
import { publicRoute } from '../../authorization.ts';
import { badRequest } from '../../http-errors.ts';
import { sendApiNotFound } from '../../plugins/errors.ts';
import { hasSqlState } from '../../db/errors.ts';
import { AUTH_BASE_PATH, PASSWORD_CHANGED, type Auth } from './auth.ts';
import { PASSWORD_CHANGED_SQLSTATE } from './password-versions.ts';
import { addressOf, createIdentityRateLimits, type IdentityRefusal } from './auth-rate-limits.ts';
import { withClientAddress } from './auth-log.ts';
import { findIdentityEndpoint, type IdentityEndpoint } from './identity-endpoints.ts';
import type { IdentityService } from './identity.service.ts';
import { isGuessablePassword } from './password-strength.ts';

const errorsText = texts.identityErrors;

type BetterAuthError = { code?: string; message?: string };

function parseError(body: string, contentType: string | null): BetterAuthError {
  if (!body || !contentType?.includes('json')) return {};
  try {
    const parsed = JSON.parse(body) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as BetterAuthError) : {};
  } catch {
    return {};
  }
}

/**
 * The body as the endpoint takes it (trimmed, e-mail in lower case), or a 400 naming the field;
 * a field it does not take (`image` beside no name) is named first, as the bigger mistake.
 */
function parseBody(schema: z.ZodType, body: unknown): unknown {
  const result = schema.safeParse(body);
  if (!result.success) {
    const { issues } = result.error;
    const first = issues.find((issue) => issue.code === 'unrecognized_keys') ?? issues[0];
    throw badRequest(first?.message ?? errorsText.bodyNotObject);
  }
  return result.data;
}

/**
 * The Fetch Request Better Auth handles, for exactly the URL we resolved the endpoint from, and
 * with the body we checked (never the raw one).
 */
function toFetchRequest(request: FastifyRequest, url: URL, body: unknown): Request {
  const headers = fromNodeHeaders(request.headers);
  // The checked body is written anew: the client's length and type no longer describe it.
  headers.delete('content-length');
  if (body === undefined) return new Request(url, { method: request.method, headers });
  headers.set('content-type', 'application/json');
  return new Request(url, { method: request.method, headers, body: JSON.stringify(body) });
}

/** Endpoints that check a password or a code and write a session for an existing account. */
const SIGN_IN_PATHS = new Set(['/sign-in/email', '/sign-in/email-otp']);

/** The address a call signs in with the account's password or code, if it is such a call. */
function signsInAddress(endpoint: IdentityEndpoint, body: unknown): string | undefined {
  return SIGN_IN_PATHS.has(endpoint.path) ? addressOf(body) : undefined;
}

/** A 429's words: which limit refused the call, and what the person may do meanwhile. */
function refusalMessage(endpoint: IdentityEndpoint, refusal: IdentityRefusal): string {
  switch (refusal.limit) {
    case 'signInCodeGuesses':
      return errorsText.signInCodesPaused(Math.ceil(refusal.retryAfter / 3600));
    case 'emailsPerRecipient':
      return errorsText.tooManyEmails(Math.ceil(refusal.retryAfter / 60));
    default:
      // Past the password's limit the owner still has a way in: a code e-mailed to them.
      return endpoint.path === '/sign-in/email'
        ? errorsText.tooManySignInAttempts
        : errorsText.tooManyAttempts;
  }
}

/**
 * Better Auth at /api/auth/*, with what we add around it: only the endpoints the product uses
 * (identity-endpoints.ts), each taking only the fields the web app sends; rate limits on those
 * that check a password or send an e-mail; its error messages in words a customer understands.
 */
export const identityRoutes: FastifyPluginAsyncZod<{
  auth: Auth;
  identity: IdentityService;
  origin: string;
}> = async (app, options) => {
  const { auth, identity, origin } = options;
  const countAttempt = createIdentityRateLimits(app, app.config);

  function friendlyMessage(endpoint: IdentityEndpoint, error: BetterAuthError): string | undefined {
    switch (error.code) {
      case 'INVALID_EMAIL_OR_PASSWORD':
        // One answer whether the address has an account or not (no enumeration).
        return errorsText.wrongEmailOrPassword;
      case 'USER_ALREADY_EXISTS':
      case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
        return errorsText.emailInUse;
      case 'INVALID_EMAIL':
        return texts.validation.emailInvalid;
      case 'PASSWORD_TOO_SHORT':
        return texts.validation.passwordTooShort;
      case 'PROVIDER_NOT_FOUND':
        return errorsText.googleUnavailable;
      case 'INVALID_OTP':
      case 'OTP_EXPIRED':
        return errorsText.wrongSignInCode;
      case PASSWORD_CHANGED:
        return errorsText.passwordChangedDuringSignIn;
      case 'TOO_MANY_ATTEMPTS':
        return errorsText.signInCodeSpent;
      case 'INVALID_TOKEN':
        return endpoint.path.startsWith('/reset-password')
          ? errorsText.invalidResetLink
          : error.message;
      default:
        return error.message;
    }
  }

  /**
   * A refused sign-in or identity 429, for whoever watches the logs: the account's id when the
   * body names an address that has one, and the client's address; never the e-mail itself.
   */
  async function logRefusal(
    request: FastifyRequest,
    event: 'identity.sign-in-failed' | 'identity.rate-limited',
    endpoint: IdentityEndpoint,
  ): Promise<void> {
    const email = addressOf(request.body);
    const account = email === undefined ? undefined : await identity.findByEmail(email);
    request.log.warn(
      { event, endpoint: endpoint.path, accountId: account?.id ?? null, client: request.ip },
      event === 'identity.rate-limited'
        ? 'identity: too many attempts'
        : 'identity: sign-in failed',
    );
  }

  /**
   * Every password the product sets (sign-up, reset through the e-mailed link) must be hard to
   * guess, also from the account's name and e-mail: a 400 in words otherwise (password-strength.ts).
   */
  async function refuseGuessablePassword(endpoint: IdentityEndpoint, body: unknown): Promise<void> {
    if (!body || typeof body !== 'object') return;
    const fields = body as Record<string, unknown>;
    let password: unknown;
    let userInputs: string[];
    if (endpoint.path === '/sign-up/email') {
      password = fields.password;
      userInputs = [fields.name, fields.email].filter((v): v is string => typeof v === 'string');
    } else if (endpoint.path === '/reset-password') {
      password = fields.newPassword;
      const token = fields.token;
      const account =
        typeof token === 'string' ? await identity.findByResetToken(token) : undefined;
      // A link that is no longer valid is refused as such by Better Auth, whatever the password.
      if (!account) return;
      userInputs = [account.name, account.email];
    } else {
      return;
    }
    if (typeof password === 'string' && isGuessablePassword(password, userInputs)) {
      throw badRequest(texts.validation.passwordTooGuessable);
    }
  }

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    // Decide on the very URL Better Auth will route (dot segments and the like resolved), not
    // on Fastify's route: whatever spelling reaches an endpoint is that endpoint, here as there.
    const url = new URL(request.url, origin);
    const endpoint = findIdentityEndpoint(request.method, url.pathname);
    if (!endpoint) return sendApiNotFound(request, reply);

    if (endpoint.rateLimited) {
      const refusal = await countAttempt(request, {
        endpoint: endpoint.path,
        client: request.ip,
        address: addressOf(request.body),
      });
      if (refusal !== undefined) {
        await logRefusal(request, 'identity.rate-limited', endpoint);
        reply.header('retry-after', refusal.retryAfter);
        return reply
          .code(429)
          .send({ statusCode: 429, message: refusalMessage(endpoint, refusal) });
      }
    }

    const body = endpoint.body ? parseBody(endpoint.body, request.body) : undefined;
    await refuseGuessablePassword(endpoint, body);
    let response: Response;
    try {
      response = await identity.withSignInStart(signsInAddress(endpoint, body), () =>
        withClientAddress(request.ip, () => auth.handler(toFetchRequest(request, url, body))),
      );
    } catch (error) {
      // The database's own refusal of a session whose sign-in began before a password change
      // that committed in the meantime (migration 0014's trigger): the same 401 as the hook's.
      if (!hasSqlState(error, PASSWORD_CHANGED_SQLSTATE)) throw error;
      return reply
        .code(401)
        .send({ statusCode: 401, message: errorsText.passwordChangedDuringSignIn });
    }
    reply.status(response.status);
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
    });
    // Several cookies at once (session and its cache) must stay separate headers.
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    const text = await response.text();
    if (response.status >= 400) {
      if (endpoint.path === '/sign-in/email' && response.status === 401) {
        await logRefusal(request, 'identity.sign-in-failed', endpoint);
      }
      // Every error under /api is `{ message, statusCode }`, also where Better Auth answers an
      // empty body.
      const error = parseError(text, response.headers.get('content-type'));
      const message =
        friendlyMessage(endpoint, error) ??
        (response.status === 404
          ? serverTexts.apiErrors.routeNotFound(request.method, url.pathname)
          : texts.somethingWentWrong);
      reply.header('content-type', 'application/json; charset=utf-8');
      return reply.send({ ...error, message, statusCode: response.status });
    }
    return reply.send(text || null);
  }

  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    onRequest: publicRoute('GET /api/auth/*', 'POST /api/auth/*'),
    schema: { hide: true } as FastifySchema,
    handler: handle,
  });
};
