import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/use-test-app.ts';

type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>
  >;
};

describe('OpenAPI document and reference page', () => {
  const app = useTestApp();

  it('serves a valid OpenAPI 3.1 document at /api/openapi.json listing the routes', async () => {
    const response = await app.inject('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    const document = response.json() as OpenApiDocument;
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info.title).toBe('Tools Factory API');
    expect(document.info.version).toBeTruthy();
    for (const path of [
      '/api/parts',
      '/api/tool/{id}',
      '/api/review',
      '/api/gallery',
      '/api/health',
      '/api/ready',
    ]) {
      expect(document.paths[path]?.get, path).toBeDefined();
    }
    // Every operation documents its answers with a JSON schema.
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(Object.keys(operation.responses), `${method} ${path}`).not.toHaveLength(0);
        for (const answer of Object.values(operation.responses)) {
          expect(answer.content?.['application/json']?.schema, `${method} ${path}`).toBeDefined();
        }
      }
    }
    const tool = document.paths['/api/tool/{id}']!.get!.responses;
    expect(Object.keys(tool).sort()).toEqual(['200', '404']);
    // Internal routes (the docs themselves, static files) stay out.
    expect(Object.keys(document.paths).every((path) => path.startsWith('/api/'))).toBe(true);
    expect(Object.keys(document.paths).some((path) => path.startsWith('/api/docs'))).toBe(false);
  });

  it('serves Swagger UI at /api/docs from local files, with no inline script', async () => {
    const page = await app.inject('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger-ui');
    // Every script is a file of ours: none inline, none from another origin.
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, inline] of scripts) {
      expect(inline!.trim()).toBe('');
      const src = /src="([^"]+)"/.exec(attributes!)?.[1];
      expect(src).toMatch(/^\/api\/docs\/static\//);
      const file = await app.inject(src!);
      expect(file.statusCode, src).toBe(200);
    }
    const initializer = await app.inject('/api/docs/static/swagger-initializer.js');
    expect(initializer.body).toContain('./json');
    expect((await app.inject('/api/docs/json')).statusCode).toBe(200);
  });
});
