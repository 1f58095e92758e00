import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiPaths,
  MAX_TOOL_IMAGE_BYTES,
  texts,
  TOOL_IMAGE_MAX_WIDTH,
  UploadedToolImageSchema,
  type UploadedToolImage,
} from '@tools-factory/contract';
import { guardOf } from '../../authorization.ts';
import { errorResponses } from '../../error-responses.ts';
import { badRequest, HttpError } from '../../http-errors.ts';
import type { AuthGuards } from '../identity/auth-guard.ts';
import type { OpenApiRequestBodies } from '../../plugins/openapi.ts';
import { IMMUTABLE_CACHE } from '../../plugins/web-static.ts';

/** Where the uploaded pictures are served: their content's hash names them, so they never change. */
export const TOOL_IMAGES_URL_PREFIX = '/images/tools/';
const STORED_NAME = /^[0-9a-f]{64}$/;
/** The formats a picture may come in (sharp's names). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/**
 * A picture of more pixels than this is refused before it is decoded (413): decoding one takes
 * about 3 bytes a pixel (six 49-megapixel uploads at once took 715 MB), and a product picture is
 * brought down to TOOL_IMAGE_MAX_WIDTH anyway.
 */
export const MAX_INPUT_PIXELS = 25_000_000;

/** Pictures decoded at once; the next ones wait (UploadSlots). */
export const UPLOADS_IN_FLIGHT = 2;
/** Pictures that may wait for a turn; one more is refused at once (503 in words). */
export const UPLOADS_WAITING = 4;
/** How long a picture waits for its turn before it is refused (503 in words). */
export const UPLOAD_WAIT_MS = 15_000;
/** The 503's Retry-After. */
const UPLOAD_RETRY_AFTER_SECONDS = 5;

/** More pictures at once than UploadSlots takes: a 503 in words. */
export class UploadsBusy extends HttpError {
  constructor() {
    super(503, texts.adminErrors.imageUploadsBusy);
    this.name = 'UploadsBusy';
  }
}

/**
 * At most `inFlight` pictures decoded at once (each takes its pixels' memory), at most `waiting`
 * more waiting for a turn, each at most `waitMs`: beyond that a 503 in words, not a process that
 * runs out of memory.
 */
export class UploadSlots {
  private running = 0;
  private readonly queue: Array<() => void> = [];
  private readonly inFlight: number;
  private readonly waiting: number;
  private readonly waitMs: number;

  constructor(limits: { inFlight: number; waiting: number; waitMs: number }) {
    this.inFlight = limits.inFlight;
    this.waiting = limits.waiting;
    this.waitMs = limits.waitMs;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.take();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private take(): Promise<void> {
    if (this.running < this.inFlight) {
      this.running += 1;
      return Promise.resolve();
    }
    if (this.queue.length >= this.waiting) {
      return Promise.reject(new UploadsBusy());
    }
    return new Promise((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.queue.splice(this.queue.indexOf(turn), 1);
        reject(new UploadsBusy());
      }, this.waitMs);
      this.queue.push(turn);
    });
  }

  /** The slot goes to the first picture waiting (still counted as running), or is freed. */
  private release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.running -= 1;
  }
}

/**
 * A picture as stored: re-encoded to WebP (no metadata kept), at most TOOL_IMAGE_MAX_WIDTH wide
 * (never enlarged), turned upright by its EXIF orientation. 400 in words for bytes that are not
 * a JPEG, PNG or WebP picture, 413 for one of more than MAX_INPUT_PIXELS.
 */
export async function encodeToolImage(bytes: Buffer): Promise<Buffer> {
  // Imported on the first upload: sharp maps libvips into the process (decision 014).
  const { default: sharp } = await import('sharp');
  try {
    // The header alone (no pixel is decoded to read it), without the limit, which would refuse
    // a large picture as no picture: its pixels are counted here, to say so in words.
    const { format, width, height } = await sharp(bytes, {
      limitInputPixels: false,
      failOn: 'error',
    }).metadata();
    if (!format || !ACCEPTED_FORMATS.has(format))
      throw badRequest(texts.adminErrors.imageNotAnImage);
    if (width * height > MAX_INPUT_PIXELS) {
      throw new HttpError(413, texts.adminErrors.imageTooManyPixels(MAX_INPUT_PIXELS / 1_000_000));
    }
    // The limit stays on the decoder: a header that lied about its size is still refused.
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: TOOL_IMAGE_MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw badRequest(texts.adminErrors.imageNotAnImage);
  }
}

/**
 * Keeps a stored picture under its content's hash (written aside, then renamed: a reader never
 * sees half a file, and two uploads of the same picture write the same file); its URL.
 */
export async function storeToolImage(dir: string, webp: Buffer): Promise<UploadedToolImage> {
  const hash = createHash('sha256').update(webp).digest('hex');
  const file = path.join(dir, `${hash}.webp`);
  const exists = await stat(file).then(
    () => true,
    () => false,
  );
  if (!exists) {
    await mkdir(dir, { recursive: true });
    // Each write its own name: two uploads of one picture in the same millisecond once shared
    // theirs, and the second rename found nothing (a 500).
    const aside = `${file}.${randomUUID()}.tmp`;
    await writeFile(aside, webp);
    await rename(aside, file);
  }
  return { url: `${TOOL_IMAGES_URL_PREFIX}${hash}.webp` };
}

/**
 * What reading the upload may throw, in the contract's words: a file above the limit is 413;
 * anything else is a body that is not one multipart file. @fastify/multipart names its own
 * refusals (FST_...), but busboy's parse errors ('Unexpected end of multipart data', a malformed
 * part header) come as plain Errors: only parsing runs where this is called, so none of them is
 * ours to answer 500 (the bad-input property test sent such a body and got one).
 */
function uploadError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new HttpError(413, texts.adminErrors.imageTooLarge(MAX_TOOL_IMAGE_BYTES / 1024 / 1024));
  }
  return badRequest(texts.adminErrors.imageMissing);
}

/** The upload's body in the OpenAPI document (registerOpenApi's requestBodies). */
export const toolImageRequestBodies: OpenApiRequestBodies = {
  uploadToolImage: {
    required: true,
    description: `One picture (JPEG, PNG or WebP, at most ${MAX_TOOL_IMAGE_BYTES / 1024 / 1024} MB) in the field \`file\`; no other field.`,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          required: ['file'],
          properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
          additionalProperties: false,
        },
        encoding: { file: { contentType: 'image/jpeg, image/png, image/webp' } },
      },
    },
  },
};

/**
 * POST /manageTools/images (admins): one picture, multipart, in the field `file`. Multipart is
 * parsed on this route's scope only; every other route keeps its JSON body.
 */
export const toolImagesRoutes: FastifyPluginAsyncZod<{ guards: AuthGuards; dir: string }> = async (
  app,
  options,
) => {
  const { guards, dir } = options;
  const slots = new UploadSlots({
    inFlight: UPLOADS_IN_FLIGHT,
    waiting: UPLOADS_WAITING,
    waitMs: UPLOAD_WAIT_MS,
  });
  await app.register(multipart, {
    limits: { fileSize: MAX_TOOL_IMAGE_BYTES, files: 1, fields: 0, parts: 1 },
  });

  app.post(
    apiPaths.toolImages,
    {
      onRequest: guardOf(guards, 'POST /api/manageTools/images'),
      schema: {
        operationId: 'uploadToolImage',
        tags: ['catalog'],
        summary: "Upload a tool's picture (Add Product, Edit Tool)",
        description: `Admins only. multipart/form-data with one file (field \`file\`): a JPEG, PNG or WebP picture of at most ${MAX_TOOL_IMAGE_BYTES / 1024 / 1024} MB (413 above). It is re-encoded to WebP, at most ${TOOL_IMAGE_MAX_WIDTH} px wide, and kept under DATA_DIR; \`url\` is where it is served (a path on this site, with a year's immutable cache), to send as a tool's \`img\`. 400 for a file that is not such a picture; 413 for one of more than ${MAX_INPUT_PIXELS / 1_000_000} megapixels. At most ${UPLOADS_IN_FLIGHT} pictures are processed at once and ${UPLOADS_WAITING} more wait for their turn (at most ${UPLOAD_WAIT_MS / 1000} s): beyond that, 503 in words.`,
        consumes: ['multipart/form-data'],
        response: { 200: UploadedToolImageSchema, ...errorResponses(400, 413, 503) },
      },
    },
    async (request, reply) => {
      let bytes: Buffer;
      try {
        const file = await request.file();
        if (!file) throw badRequest(texts.adminErrors.imageMissing);
        bytes = await file.toBuffer();
      } catch (error) {
        throw uploadError(error);
      }
      let stored: UploadedToolImage;
      try {
        stored = await slots.run(async () => storeToolImage(dir, await encodeToolImage(bytes)));
      } catch (error) {
        // Busy is no fault of ours to log as one: the answer says when to try again.
        if (!(error instanceof UploadsBusy)) throw error;
        return reply
          .code(503)
          .header('retry-after', String(UPLOAD_RETRY_AFTER_SECONDS))
          .send({ statusCode: 503, message: error.message });
      }
      request.auditAdminAction('tool.image-upload', stored.url);
      return stored;
    },
  );
};

/** A stored picture, or a plain 404. */
async function sendToolImage(reply: FastifyReply, file: string): Promise<FastifyReply> {
  const found = await stat(file).then(
    (stats) => stats.isFile(),
    () => false,
  );
  if (!found) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
  return reply
    .type('image/webp')
    .header('cache-control', IMMUTABLE_CACHE)
    .send(createReadStream(file));
}

/**
 * GET /images/tools/<hash>.webp: the uploaded pictures, from DATA_DIR, with a year's immutable
 * cache (their name is their content's hash). Other paths under /images/tools (the seeded
 * pictures of the web app) stay the static files' own: the route matches only a hash's name.
 */
export function registerToolImageFiles(app: FastifyInstance, dir: string): void {
  app.get<{ Params: { hash: string } }>(
    `${TOOL_IMAGES_URL_PREFIX}:hash(^[0-9a-f]{64}).webp`,
    { schema: { hide: true } },
    async (request, reply) => {
      const { hash } = request.params;
      if (!STORED_NAME.test(hash)) {
        return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
      }
      return sendToolImage(reply, path.join(dir, `${hash}.webp`));
    },
  );
}
