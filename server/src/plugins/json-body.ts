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

/** A JSON escape of a UTF-16 surrogate (`\ud800` to `\udfff`): the only way a lone one arrives. */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

/**
 * Every text of a parsed JSON value made well-formed, in place: a lone surrogate (JSON allows
 * '\udc00', UTF-8 cannot carry it) becomes U+FFFD, as PostgreSQL keeps it in a text column and
 * as it must be before a jsonb one, which refuses it (an event's detail, a 500). Keys too.
 */
export function makeTextsWellFormed(value: unknown): unknown {
  if (typeof value === 'string') return value.toWellFormed();
  const pending: unknown[] = [value];
  for (let current = pending.pop(); current !== undefined; current = pending.pop()) {
    if (Array.isArray(current)) {
      current.forEach((item: unknown, index) => {
        if (typeof item === 'string') current[index] = item.toWellFormed();
        else pending.push(item);
      });
    } else if (current !== null && typeof current === 'object') {
      const object = current as Record<string, unknown>;
      for (const [key, item] of Object.entries(object)) {
        const wellFormedKey = key.toWellFormed();
        if (wellFormedKey !== key) delete object[key];
        object[wellFormedKey] = typeof item === 'string' ? item.toWellFormed() : item;
        if (typeof item !== 'string') pending.push(item);
      }
    }
  }
  return value;
}

/**
 * JSON bodies, parsed as Fastify does (prototype poisoning refused), with two refusals first,
 * for every route, Better Auth's included: nesting deeper than MAX_JSON_DEPTH, and a NUL
 * character in any text (PostgreSQL cannot store one, so it could only end as a 500). Each is a
 * 400 before any hook, schema or handler sees the body. A lone surrogate is made U+FFFD
 * (makeTextsWellFormed): every handler sees the texts as the database will keep them.
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
      if (field === undefined)
        done(null, SURROGATE_ESCAPE.test(text) ? makeTextsWellFormed(parsed) : parsed);
      else if (field === '')
        done(badRequest(serverTexts.requestErrors.bodyNulCharacter), undefined);
      else done(badRequest(texts.fieldErrors.nulCharacter(field)), undefined);
    });
  });
}
