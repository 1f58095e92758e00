import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type {} from '@fastify/rate-limit';
import { fromNodeHeaders } from 'better-auth/node';
import { texts } from '@tools-factory/contract';
import { AUTH_BASE_PATH, type Auth } from './auth.ts';
import type { IdentityService } from './identity.service.ts';

const errorsText = texts.identityErrors;

/** Sign-in and reset requests: a few a minute for one address from one client. */
export const AUTH_RATE_LIMIT = { max: 10, timeWindow: 60_000 };
/** Password guesses, and every call that sends an e-mail (anyone may ask for one). */
const RATE_LIMITED_PATHS = [
  '/sign-in/email',
  '/sign-up/email',
  '/request-password-reset',
  '/reset-password',
  '/send-verification-email',
];

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

/** Turns a Fastify request into the Fetch Request Better Auth handles. */
function toFetchRequest(request: FastifyRequest, origin: string): Request {
  const headers = fromNodeHeaders(request.headers);
  const hasBody =
    request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  return new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    ...(hasBody
      ? { body: typeof request.body === 'string' ? request.body : JSON.stringify(request.body) }
      : {}),
  });
}

/**
 * Better Auth at /api/auth/*, with two things of our own around it: rate limits on sign-in,
 * sign-up and reset, and its error messages rewritten in words a customer understands.
 */
export async function identityRoutes(
  app: FastifyInstance,
  options: { auth: Auth; identity: IdentityService; origin: string },
): Promise<void> {
  const { auth, identity, origin } = options;

  async function friendlyMessage(path: string, error: BetterAuthError, request: FastifyRequest) {
    switch (error.code) {
      case 'INVALID_EMAIL_OR_PASSWORD': {
        const email = (request.body as { email?: unknown } | undefined)?.email;
        const known =
          typeof email === 'string' && (await identity.findByEmail(email.toLowerCase()));
        return known ? errorsText.wrongPassword : errorsText.noSuchAccount;
      }
      case 'USER_ALREADY_EXISTS':
      case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
        return errorsText.emailInUse;
      case 'INVALID_EMAIL':
        return texts.validation.emailInvalid;
      case 'PASSWORD_TOO_SHORT':
        return texts.validation.passwordTooShort;
      case 'PROVIDER_NOT_FOUND':
        return errorsText.googleUnavailable;
      case 'INVALID_TOKEN':
        return path.startsWith('/reset-password') ? errorsText.invalidResetLink : error.message;
      default:
        return error.message;
    }
  }

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    const response = await auth.handler(toFetchRequest(request, origin));
    reply.status(response.status);
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
    });
    // Several cookies at once (session and its cache) must stay separate headers.
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    const body = await response.text();
    if (response.status >= 400) {
      // Every error under /api is `{ message, statusCode }`, also where Better Auth answers an
      // empty body (an unknown path under /api/auth is a bare 404).
      const error = parseError(body, response.headers.get('content-type'));
      const pathname = new URL(request.url, origin).pathname;
      const message =
        (await friendlyMessage(pathname.slice(AUTH_BASE_PATH.length), error, request)) ??
        (response.status === 404
          ? `Route ${request.method}:${pathname} not found`
          : 'Sign-in failed.');
      reply.header('content-type', 'application/json; charset=utf-8');
      return reply.send({ ...error, message, statusCode: response.status });
    }
    return reply.send(body || null);
  }

  const rateLimit = {
    ...AUTH_RATE_LIMIT,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => {
      const email = (request.body as { email?: unknown } | undefined)?.email;
      return `${request.ip}:${typeof email === 'string' ? email.toLowerCase() : ''}`;
    },
    errorResponseBuilder: (_request: FastifyRequest, context: { statusCode: number }) => ({
      statusCode: context.statusCode,
      message: errorsText.tooManyAttempts,
    }),
  };

  for (const path of RATE_LIMITED_PATHS) {
    app.route({
      method: 'POST',
      url: `${AUTH_BASE_PATH}${path}`,
      config: { rateLimit },
      schema: { hide: true } as FastifySchema,
      handler: handle,
    });
  }
  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    schema: { hide: true } as FastifySchema,
    handler: handle,
  });
}
