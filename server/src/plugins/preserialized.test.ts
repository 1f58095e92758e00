import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  pickEncoding,
  prepareJsonBody,
  prepareJsonBodyLazily,
  sendPrepared,
} from './preserialized.ts';

describe('prepared JSON bodies', () => {
  it('keeps a small body uncompressed', async () => {
    const body = await prepareJsonBody({ hello: 'world' });
    expect(body.identity.toString()).toBe('{"hello":"world"}');
    expect(body.br).toBeUndefined();
    expect(body.gzip).toBeUndefined();
    expect(pickEncoding('br, gzip', body)).toBeUndefined();
  });

  it('compresses a large body both ways, and tags each content with its own ETag', async () => {
    const value = Array.from({ length: 100 }, (_, n) => ({ n, name: `Tool ${n}` }));
    const body = await prepareJsonBody(value);
    expect(JSON.parse(brotliDecompressSync(body.br!).toString())).toEqual(value);
    expect(JSON.parse(gunzipSync(body.gzip!).toString())).toEqual(value);
    expect(body.etag).toMatch(/^W\/".+"$/);
    expect((await prepareJsonBody(value)).etag).toBe(body.etag);
    expect((await prepareJsonBody([...value, { n: 100 }])).etag).not.toBe(body.etag);
  });

  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.0, gzip;q=0', undefined],
    ['*', 'br'],
    ['deflate', undefined],
  ])('picks the encoding for Accept-Encoding %j: %s', async (header, expected) => {
    const body = await prepareJsonBody('x'.repeat(4096));
    expect(pickEncoding(header, body)).toBe(expected);
  });
});

describe('lazily prepared bodies', () => {
  it('are compressed in the encoding asked for, once, and the other only when asked', async () => {
    const value = Array.from({ length: 100 }, (_, n) => ({ n, name: `Tool ${n}` }));
    const body = await prepareJsonBodyLazily(value);
    const app = Fastify();
    app.get('/body', (request, reply) => sendPrepared(request, reply, body));
    const ask = (acceptEncoding: string) =>
      app.inject({ url: '/body', headers: { 'accept-encoding': acceptEncoding } });
    try {
      const identity = await ask('identity');
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.headers.vary).toBe('accept-encoding');
      expect(body.br).toBeUndefined();
      expect(body.gzip).toBeUndefined();

      const br = await ask('gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(value);
      // The browser took br: gzip was not made for it.
      expect(body.gzip).toBeUndefined();

      const gzipped = await ask('gzip');
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(value);
      const madeBr = body.br;
      // Made once: the same bytes again.
      expect((await ask('br')).rawPayload.equals(madeBr!)).toBe(true);
      expect(body.br).toBe(madeBr);
    } finally {
      await app.close();
    }
  });
});
