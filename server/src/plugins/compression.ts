import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses responses on the fly when the client asks. Files of the built web app come
 * precompressed from disk and the catalog snapshot carries its own compressed bodies, so this
 * mostly serves the API's other JSON answers.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip', 'deflate'],
  });
}
