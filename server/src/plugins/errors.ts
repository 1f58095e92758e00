import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { apiMessages, API_BASE, type ErrorBody } from '@tools-factory/contract';
import { HttpError } from '../http-errors.ts';

export function isApiPath(url: string): boolean {
  return url === API_BASE || url.startsWith(`${API_BASE}/`) || url.startsWith(`${API_BASE}?`);
}

function errorBody(statusCode: number, message: string): ErrorBody {
  return { message, statusCode };
}

/** The first problem of a request that failed its schema, named by its field when the text does not. */
function validationMessage(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return error.message;
  const field = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const message = first.message ?? 'is invalid';
  if (!field || message.toLowerCase().includes(field.toLowerCase())) return message;
  return `${field}: ${message}`;
}

/**
 * The one error handler: every error leaves as `{ message, statusCode }`. Client errors keep
 * their message; server errors hide theirs (they are logged) unless we threw them on purpose.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return reply.code(400).send(errorBody(400, validationMessage(error)));
    }
    const statusCode =
      typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600
        ? error.statusCode
        : 500;
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
      const message = error instanceof HttpError ? error.message : apiMessages.internalError;
      return reply.code(statusCode).send(errorBody(statusCode, message));
    }
    return reply.code(statusCode).send(errorBody(statusCode, error.message));
  });
}

/** The answer for a path under /api that no route serves. */
export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = request.url.split('?', 1)[0];
  return reply.code(404).send(errorBody(404, `Route ${request.method}:${path} not found`));
}
