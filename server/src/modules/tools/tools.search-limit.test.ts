import { describe, expect } from 'vitest';
import { searchErrors, ToolSearchPageSchema } from '@tools-factory/contract';
import { appTest, listenOnFreePort } from '../../testing/app-fixtures.ts';

/** Over HTTP: a kept answer is sent before Fastify sees the request, so only HTTP sees it. */
const it = appTest({ seed: true, config: { searchRateLimit: 3 } }).extend(
  'port',
  { scope: 'file' },
  ({ app }) => listenOnFreePort(app),
);

const searchUrl = (q: string, path = '/api/search') =>
  `${path}?${new URLSearchParams({ q }).toString()}`;

describe('searches one client may make in a minute (SEARCH_RATE_LIMIT, issue 43 item 2)', () => {
  it('refuses in words the one past the limit, GET /api/search and /api/parts?q= counted together; a kept answer, another client and the whole list go on', async ({
    app,
    port,
  }) => {
    const get = (url: string) => fetch(`http://127.0.0.1:${port}${url}`);
    expect((await get(searchUrl('hammer'))).status).toBe(200);
    expect((await get(searchUrl('wrench', '/api/parts'))).status).toBe(200);
    expect((await get(searchUrl('pliers'))).status).toBe(200);

    const refused = await get(searchUrl('saw'));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      statusCode: 429,
      message: searchErrors.tooManySearches,
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await get(searchUrl('saw', '/api/parts'))).status).toBe(429);

    // Answered since the catalog last changed: sent again before any route, counting nothing.
    const kept = await get(searchUrl('hammer'));
    expect(kept.status).toBe(200);
    expect(ToolSearchPageSchema.parse(await kept.json()).q).toBe('hammer');
    // The whole catalog is no search.
    expect((await get('/api/parts')).status).toBe(200);
    // Another client has its own count.
    const other = await app.inject({ url: searchUrl('saw'), remoteAddress: '198.51.100.8' });
    expect(other.statusCode).toBe(200);
  });
});
