import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/render';
import { ACCESS_TOKEN_KEY, api, ApiError } from './api-client';

function stubFetch(answer: () => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('api client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('calls the API under /api and returns the parsed JSON', async () => {
    const fetchMock = stubFetch(() => jsonResponse([{ name: 'Claw Hammer' }]));
    await expect(api.get('/parts')).resolves.toEqual([{ name: 'Claw Hammer' }]);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/parts');
  });

  it('sends the stored access token as a bearer, and none when there is none', async () => {
    const fetchMock = stubFetch(() => jsonResponse({}));
    await api.get('/review');
    expect(new Headers(fetchMock.mock.calls[0]![1]!.headers).get('Authorization')).toBeNull();

    localStorage.setItem(ACCESS_TOKEN_KEY, 'token-123');
    await api.get('/review');
    expect(new Headers(fetchMock.mock.calls[1]![1]!.headers).get('Authorization')).toBe(
      'Bearer token-123',
    );
  });

  it('sends a body as JSON', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ ok: true }));
    await api.post('/order', { quantity: 120 });
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"quantity":120}');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it("throws an ApiError with the server's message and status", async () => {
    stubFetch(() => jsonResponse({ message: 'This tool was not found', statusCode: 404 }, 404));
    const error = await api.get('/tool/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'This tool was not found', status: 404 });
  });

  it('throws a readable ApiError with status 0 when the server cannot be reached', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.get('/parts')).rejects.toMatchObject({
      message: 'Something went wrong. Please try again.',
      status: 0,
    });
  });
});
