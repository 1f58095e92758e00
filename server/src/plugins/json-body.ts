import type { FastifyInstance } from 'fastify';
import { serverTexts, texts } from '@tools-factory/contract';
import { badRequest } from '../http-errors.ts';

/**
 * No body of this API nests more than a few levels; 32 leaves room for any client and stops a
 * body of 45,000 nested arrays, which parses fine but overflows the stack of whatever walks it
 * recursively afterwards (JSON.stringify before Better Auth, schema validation): a 500.
 */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * True when JSON text opens more than `limit` arrays or objects inside one another. One pass
 * over the characters, no recursion and no parse, so the check cannot itself overflow; text
 * that is not JSON at all is left to the parser to refuse.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * Where a parsed JSON value holds a NUL character: the name of the field (the nearest object
 * key, '' at the top), or undefined when there is none. Walks with its own stack: the value is
 * at most MAX_JSON_DEPTH deep, but a loop needs no such argument.
 */
export function fieldHoldingNul(value: unknown): string | undefined {
  const pending: Array<{ value: unknown; field: string }> = [{ value, field: '' }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: current, field } = next;
    if (typeof current === 'string') {
      if (current.includes('\0')) return field;
    } else if (Array.isArray(current)) {
      for (const item of current) pending.push({ value: item, field });
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        if (key.includes('\0')) return '';
        pending.push({ value: item, field: key });
      }
    }
  }
  return undefined;
}

/**
 * JSON bodies, parsed as Fastify does (prototype poisoning refused), with two refusals first,
 * for every route, Better Auth's included: nesting deeper than MAX_JSON_DEPTH, and a NUL
 * character in any text (PostgreSQL cannot store one, so it could only end as a 500). Each is a
 * 400 before any hook, schema or handler sees the body.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(badRequest(serverTexts.requestErrors.nestedTooDeeply(MAX_JSON_DEPTH)), undefined);
      return;
    }
    parseJson(request, text, (error, parsed) => {
      if (error) {
        done(badRequest(serverTexts.requestErrors.invalidJson), undefined);
        return;
      }
      const field = fieldHoldingNul(parsed);
      if (field === undefined) done(null, parsed);
      else if (field === '')
        done(badRequest(serverTexts.requestErrors.bodyNulCharacter), undefined);
      else done(badRequest(texts.fieldErrors.nulCharacter(field)), undefined);
    });
  });
}
