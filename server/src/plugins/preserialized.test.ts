import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pickEncoding, prepareJsonBody } from './preserialized.ts';

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
