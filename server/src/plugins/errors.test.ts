import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CreateToolSchema, ErrorBodySchema, serverTexts } from '@tools-factory/contract';
import { BODY_LIMIT_BYTES } from '../app.ts';
import { HttpError } from '../http-errors.ts';
import { test } from '../testing/app-fixtures.ts';
import { registerErrorHandler } from './errors.ts';

/** A small app with the error handler and routes that fail in each way. */
async function buildFailingApp() {
  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT_BYTES,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.post('/tools', { schema: { body: CreateToolSchema } }, async () => ({ ok: true }));
  app.get(
    '/count',
    { schema: { querystring: z.object({ limit: z.coerce.number().int().positive() }) } },
    async () => ({ ok: true }),
  );
  app.get('/crash', async () => {
    throw new Error('connection string postgres://secret@db leaked');
  });
  app.get('/unavailable', async () => {
    throw new HttpError(503, 'Payments are down for maintenance');
  });
  app.get('/forbidden', async () => {
    throw new HttpError(403, 'Admins only');
  });
  app.get(
    '/bad-response',
    { schema: { response: { 200: z.object({ id: z.number() }) } } },
    // A response that breaks its own schema: a bug, answered as a plain 500.
    async () => ({ id: 'not a number' }) as unknown as { id: number },
  );
  await app.ready();
  return app;
}

describe('error handler', () => {
  let app: Awaited<ReturnType<typeof buildFailingApp>>;

  beforeAll(async () => {
    app = await buildFailingApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers 400 with the message of the first bad field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/tools',
      payload: {
        name: '',
        desc: 'x',
        img: 'x',
        price: 1,
        minOrderQuantity: 1,
        availableQuantity: 2,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'name is required', statusCode: 400 });
  });

  it("keeps the contract's message, which names its field in words", async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/tools',
      payload: {
        name: 'Claw Hammer',
        desc: 'x'.repeat(2001),
        img: 'x',
        price: 1,
        minOrderQuantity: 1,
        availableQuantity: 2,
      },
    });
    expect(response.json()).toEqual({
      message: 'description must be at most 2000 characters',
      statusCode: 400,
    });
  });

  it('names the field when its message does not', async () => {
    const response = await app.inject('/count?limit=-3');
    expect(response.statusCode).toBe(400);
    const body = ErrorBodySchema.parse(response.json());
    expect(body.message).toMatch(/^limit: /);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/tools',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(response.json()).statusCode).toBe(400);
  });

  it('answers 413 JSON for a body over the limit', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/tools',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(BODY_LIMIT_BYTES + 1) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      message: serverTexts.requestErrors.bodyTooLarge,
      statusCode: 413,
    });
  });

  it('hides the internals of an unexpected error', async () => {
    const response = await app.inject('/crash');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Internal Server Error', statusCode: 500 });
    expect(response.body).not.toContain('secret');
  });

  it('hides a response that breaks its schema as a 500 too', async () => {
    const response = await app.inject('/bad-response');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Internal Server Error', statusCode: 500 });
  });

  it('keeps the message of an HTTP error thrown on purpose, 4xx or 5xx', async () => {
    expect((await app.inject('/forbidden')).json()).toEqual({
      message: 'Admins only',
      statusCode: 403,
    });
    expect((await app.inject('/unavailable')).json()).toEqual({
      message: 'Payments are down for maintenance',
      statusCode: 503,
    });
  });
});

describe('the API answers JSON errors', () => {
  test.for([
    ['GET', '/api/nothing-here'],
    ['GET', '/api/parts/extra/segments'],
    ['POST', '/api/parts'],
    ['DELETE', '/api'],
  ] as const)('answers 404 JSON for %s %s', async ([method, url], { app }) => {
    const response = await app.inject({ method, url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(ErrorBodySchema.parse(response.json())).toEqual({
      message: `Route ${method}:${url} not found`,
      statusCode: 404,
    });
  });

  test('limits request bodies to 100 KB', ({ app }) => {
    expect(app.initialConfig.bodyLimit).toBe(BODY_LIMIT_BYTES);
  });
});
