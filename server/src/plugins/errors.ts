import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { API_BASE, type ErrorBody, serverTexts } from '@tools-factory/contract';
import { isDatabaseUnavailable, isStorageFull } from '../db/errors.ts';
import type { StorageHealth } from '../db/storage-health.ts';
import { FieldsError, HttpError, LinesError } from '../http-errors.ts';

export function isApiPath(url: string): boolean {
  return url === API_BASE || url.startsWith(`${API_BASE}/`) || url.startsWith(`${API_BASE}?`);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A form's route (Add Product, Edit Tool): a 400 of its schema lists every field's first
     * problem in `fieldErrors`, so that the form shows them all at once (issue 25).
     */
    allFieldErrors?: boolean;
  }
}

function errorBody(statusCode: number, message: string): ErrorBody {
  return { message, statusCode };
}

/**
 * zod's own English messages ('Invalid input: ...', 'Too big: ...'), left where a schema gave
 * none of its own; the contract's messages are sentences that name their field already.
 */
const ZOD_DEFAULT_MESSAGE = /^(Invalid |Too big:|Too small:|Unrecognized key)/;

type ValidationProblem = { instancePath: string; message?: string | undefined };

/** A problem of a request that failed its schema, named by its field when the text does not. */
function problemMessage(problem: ValidationProblem): { field: string; message: string } {
  const field = problem.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const message = problem.message ?? serverTexts.apiErrors.invalidField;
  if (!field || !ZOD_DEFAULT_MESSAGE.test(message)) return { field, message };
  if (message.toLowerCase().includes(field.toLowerCase())) return { field, message };
  return { field, message: `${field}: ${message}` };
}

/**
 * The 400 of a request that failed its schema: its first problem as the message, and every
 * field's first problem in `fieldErrors`, so that a form shows them all at once.
 */
function validationBody(error: FastifyError): ErrorBody {
  const problems = error.validation ?? [];
  const first = problems[0];
  if (!first) return errorBody(400, error.message);
  const fieldErrors: { field: string; message: string }[] = [];
  for (const problem of problems) {
    const named = problemMessage(problem);
    if (!fieldErrors.some((known) => known.field === named.field)) fieldErrors.push(named);
  }
  return { ...errorBody(400, problemMessage(first).message), fieldErrors };
}

/** Fastify's own client errors, answered in the contract's words. */
const FRAMEWORK_MESSAGES = new Map<string, string>([
  ['FST_ERR_CTP_BODY_TOO_LARGE', serverTexts.requestErrors.bodyTooLarge],
]);

/**
 * The one error handler: every error leaves as `{ message, statusCode }`. Client errors keep
 * their message; server errors hide theirs (they are logged) unless we threw them on purpose.
 */
export function registerErrorHandler(
  app: FastifyInstance,
  options: { storage?: StorageHealth } = {},
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      const body = validationBody(error);
      if (request.routeOptions.config.allFieldErrors === true) return reply.code(400).send(body);
      return reply.code(400).send(errorBody(400, body.message));
    }
    const declaredStatus =
      typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600
        ? error.statusCode
        : 500;
    // A database out of reach, or a full disk, is no bug of ours and may pass
    // (docs/architecture.md#running-in-production): 503 in words, and the transaction it broke has
    // rolled back.
    const storageFull =
      declaredStatus >= 500 && (options.storage?.noteError(error) ?? isStorageFull(error));
    const databaseUnavailable =
      storageFull || (declaredStatus >= 500 && isDatabaseUnavailable(error));
    const statusCode = databaseUnavailable ? 503 : declaredStatus;
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
      const message = storageFull
        ? serverTexts.apiErrors.storageFull
        : databaseUnavailable
          ? serverTexts.apiErrors.serviceUnavailable
          : error instanceof HttpError
            ? error.message
            : serverTexts.apiErrors.internalError;
      // A hint for clients and proxies that retry: the outage is usually seconds.
      if (databaseUnavailable) reply.header('retry-after', '5');
      return reply.code(statusCode).send(errorBody(statusCode, message));
    }
    const message = FRAMEWORK_MESSAGES.get(error.code) ?? error.message;
    if (error instanceof LinesError) {
      return reply
        .code(statusCode)
        .send({ ...errorBody(statusCode, message), lines: [...error.lines] });
    }
    if (error instanceof FieldsError) {
      return reply
        .code(statusCode)
        .send({ ...errorBody(statusCode, message), fieldErrors: [...error.fieldErrors] });
    }
    return reply.code(statusCode).send(errorBody(statusCode, message));
  });
}

/**
 * Fastify's router's own refusals, before any hook or route runs (its `frameworkErrors`): a
 * path it cannot percent-decode (`/api/tool/%E0%A4%A`), or a parameter past its length limit,
 * answered in the shop's `{ message, statusCode }` shape instead of Fastify's own.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    reply.code(400).send(errorBody(400, serverTexts.pathErrors.badEncoding));
    return;
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.code(414).send(errorBody(414, serverTexts.requestErrors.urlTooLong));
    return;
  }
  request.log.error({ err: error }, 'request failed');
  reply.code(500).send(errorBody(500, serverTexts.apiErrors.internalError));
}

/** The answer for a path under /api that no route serves. */
export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const [path = ''] = request.url.split('?', 1);
  return reply
    .code(404)
    .send(errorBody(404, serverTexts.apiErrors.routeNotFound(request.method, path)));
}
