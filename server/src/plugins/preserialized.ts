import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Bodies smaller than this are not worth compressing. */
const COMPRESS_THRESHOLD = 1024;
/**
 * The catalog is rebuilt after every order (its stock changed). On these few-KB JSON bodies brotli
 * quality 5 is within a few percent of quality 11 in size and about a hundred times faster
 * (0.05 ms against 6 ms a body, measured here), which keeps rebuilds off the order path's budget.
 */
const BROTLI_QUALITY = 5;

/** A JSON answer serialized once, with its compressed forms and its ETag, sent as is many times. */
export type PreparedBody = {
  identity: Buffer;
  br: Buffer | undefined;
  gzip: Buffer | undefined;
  etag: string;
};

export async function prepareJsonBody(value: unknown): Promise<PreparedBody> {
  return prepareBody(Buffer.from(JSON.stringify(value), 'utf8'));
}

/** Any text answer (a rendered page's HTML), prepared as the JSON ones are. */
export async function prepareBody(identity: Buffer): Promise<PreparedBody> {
  const body = uncompressed(identity);
  if (identity.length >= COMPRESS_THRESHOLD) await compress(body);
  return body;
}

/**
 * prepareJsonBody, its compressed forms made on the first ask that takes one (sendPrepared),
 * once, for every ask: the catalog's bodies, which every order's stock patch makes again, mostly
 * replaced before anyone asks for them compressed (issue 27: 12% of a server's time under the
 * order load went to compressing bodies nobody read).
 */
export async function prepareJsonBodyLazily(value: unknown): Promise<PreparedBody> {
  return prepareJsonBodyNow(value);
}

/** prepareJsonBodyLazily, for a reader that cannot wait: the JSON is made at once. */
export function prepareJsonBodyNow(value: unknown): PreparedBody {
  const body = uncompressed(Buffer.from(JSON.stringify(value), 'utf8'));
  if (body.identity.length >= COMPRESS_THRESHOLD) compressLater.add(body);
  return body;
}

/**
 * The JSON array of values whose JSON is `items` (each a body's identity), made without
 * serializing them again, compressed lazily as prepareJsonBodyLazily's.
 */
export function joinJsonArrayBodyLazily(items: readonly Buffer[]): PreparedBody {
  const pieces: Buffer[] = [OPEN_BRACKET];
  items.forEach((item, index) => {
    if (index > 0) pieces.push(COMMA);
    pieces.push(item);
  });
  pieces.push(CLOSE_BRACKET);
  const body = uncompressed(Buffer.concat(pieces));
  if (body.identity.length >= COMPRESS_THRESHOLD) compressLater.add(body);
  return body;
}

const OPEN_BRACKET = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE_BRACKET = Buffer.from(']');

/** Bodies of prepareJsonBodyLazily: their compressed forms are made as they are asked for. */
const compressLater = new WeakSet<PreparedBody>();
/** Their compression under way, by encoding, for the asks that come meanwhile. */
const compressing = new WeakMap<PreparedBody, Partial<Record<Encoding, Promise<void>>>>();

/** The encodings a prepared body may be held in besides its identity. */
type Encoding = 'br' | 'gzip';

function uncompressed(identity: Buffer): PreparedBody {
  const etag = `W/"${createHash('sha1').update(identity).digest('base64url').slice(0, 22)}"`;
  return { identity, br: undefined, gzip: undefined, etag };
}

/** The body's identity in `encoding`. */
function compressedAs(identity: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotliAsync(identity, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      })
    : gzipAsync(identity, { level: zlibConstants.Z_BEST_COMPRESSION });
}

/** Fills the body's br and gzip forms. */
async function compress(body: PreparedBody): Promise<void> {
  const [br, gz] = await Promise.all([
    compressedAs(body.identity, 'br'),
    compressedAs(body.identity, 'gzip'),
  ]);
  body.br = br;
  body.gzip = gz;
}

/**
 * A lazily prepared body's form in `encoding`, made once, on its first ask (undefined when there
 * is none to make). Only the asked form: most bodies made this way are one search's answer,
 * asked by one browser, which takes br; gzip at its best level cost as much again for nobody.
 */
function compressedOnce(body: PreparedBody, encoding: Encoding): Promise<void> | undefined {
  if (!compressLater.has(body) || body[encoding]) return undefined;
  let underWay = compressing.get(body);
  if (!underWay) {
    underWay = {};
    compressing.set(body, underWay);
  }
  return (underWay[encoding] ??= compressedAs(body.identity, encoding).then((made) => {
    body[encoding] = made;
  }));
}

/** The best encoding of those we hold that the client accepts (q=0 means refused). */
export function pickEncoding(
  acceptEncoding: string | undefined,
  body: PreparedBody,
): Encoding | undefined {
  const accepted = acceptedEncodings(acceptEncoding);
  if (accepted.br && body.br) return 'br';
  if (accepted.gzip && body.gzip) return 'gzip';
  return undefined;
}

/**
 * What sendPrepared sends for this Accept-Encoding, whatever the body: br when it takes br, else
 * gzip when it takes gzip, else the body as it is (a body too small to compress goes as it is
 * whatever this says).
 */
export function encodingAsked(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = acceptedEncodings(acceptEncoding);
  return accepted.br ? 'br' : accepted.gzip ? 'gzip' : 'identity';
}

/** The encodings of ours that an Accept-Encoding takes (q=0 means refused). */
function acceptedEncodings(acceptEncoding: string | undefined): { br: boolean; gzip: boolean } {
  const accepted = { br: false, gzip: false };
  if (!acceptEncoding) return accepted;
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    const quality = params.find((param) => param.startsWith('q='));
    if (quality !== undefined && Number(quality.slice(2)) === 0) continue;
    if (name === 'br') accepted.br = true;
    else if (name === 'gzip' || name === 'x-gzip') accepted.gzip = true;
    else if (name === '*') accepted.br = accepted.gzip = true;
  }
  return accepted;
}

/**
 * Sends a prepared body without any per-request serialization or compression: the route keeps
 * its response schema for the OpenAPI document, but the bytes were made when the data changed.
 * Routes using it turn @fastify/compress off (`compress: false`).
 */
export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  body: PreparedBody,
): void | Promise<void> {
  reply.header('content-type', 'application/json; charset=utf-8');
  reply.header('cache-control', 'no-cache');
  reply.header('etag', body.etag);
  const lazily = compressLater.has(body);
  if (body.br || body.gzip || lazily) reply.header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === body.etag) {
    reply.code(304).send();
    return;
  }
  const acceptEncoding = request.headers['accept-encoding'];
  const send = () => {
    const encoding = pickEncoding(acceptEncoding, body);
    if (encoding) reply.header('content-encoding', encoding);
    reply.send(encoding === 'br' ? body.br : encoding === 'gzip' ? body.gzip : body.identity);
  };
  const asked = encodingAsked(acceptEncoding);
  if (!lazily || asked === 'identity') return send();
  // Should compressing fail (no memory), the body goes as it is.
  return (compressedOnce(body, asked) ?? Promise.resolve()).then(send, send);
}

/** The lists behind prepared bodies, read back once per body (stock patches keep these bodies). */
const listsOfBodies = new WeakMap<PreparedBody, unknown[]>();

/**
 * The JSON list a prepared body holds (GET /api/review's, GET /api/gallery's), read back from its
 * bytes once per body: by construction the very list its route sends.
 */
export function listOfBody<Item>(body: PreparedBody): readonly Item[] {
  let list = listsOfBodies.get(body);
  if (!list) {
    list = JSON.parse(body.identity.toString('utf8')) as unknown[];
    listsOfBodies.set(body, list);
  }
  return list as Item[];
}
