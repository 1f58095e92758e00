import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/render';
import { ACCESS_TOKEN_KEY, api, ApiError, setUnauthorizedHandler } from './api-client';

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

  describe('a bearer call answered 401', () => {
    afterEach(() => {
      setUnauthorizedHandler(null);
    });

    /** The server: accepts only `valid` as a bearer. */
    function serverAccepting(valid: string | null) {
      const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
        new Headers(init?.headers).get('Authorization') === `Bearer ${valid}`
          ? jsonResponse([{ _id: 'order-1' }])
          : jsonResponse({ message: 'Your session has expired.', statusCode: 401 }, 401),
      );
      vi.stubGlobal('fetch', fetchMock);
      return fetchMock;
    }

    /** The app's answer to a 401 (renewing with `renew`), installed; returned to be checked. */
    function handleUnauthorized(renew: () => Promise<boolean>) {
      const handler = { renewAccessToken: vi.fn(renew), signOut: vi.fn() };
      setUnauthorizedHandler(handler);
      return handler;
    }

    /** A renewal that works: a fresh token is stored. */
    async function renewToFresh() {
      localStorage.setItem(ACCESS_TOKEN_KEY, 'fresh');
      return true;
    }

    it('renews the token once and retries the call with the new one', async () => {
      localStorage.setItem(ACCESS_TOKEN_KEY, 'old');
      const fetchMock = serverAccepting('fresh');
      const handler = handleUnauthorized(renewToFresh);
      await expect(api.get('/orders?email=a%40b.com')).resolves.toEqual([{ _id: 'order-1' }]);
      expect(handler.renewAccessToken).toHaveBeenCalledOnce();
      expect(handler.signOut).not.toHaveBeenCalled();
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });

    it('signs out when no session is left to renew from', async () => {
      localStorage.setItem(ACCESS_TOKEN_KEY, 'old');
      const fetchMock = serverAccepting('fresh');
      const handler = handleUnauthorized(async () => false);
      await expect(api.get('/orders?email=a%40b.com')).rejects.toMatchObject({
        status: 401,
        message: 'Your session has expired. Please log in again.',
      });
      expect(handler.signOut).toHaveBeenCalledOnce();
      expect(fetchMock).toHaveBeenCalledOnce();
    });

    it('retries only once: a second 401 signs out instead of renewing again', async () => {
      localStorage.setItem(ACCESS_TOKEN_KEY, 'old');
      const fetchMock = serverAccepting(null);
      const handler = handleUnauthorized(renewToFresh);
      await expect(api.get('/manageOrders')).rejects.toMatchObject({ status: 401 });
      expect(handler.renewAccessToken).toHaveBeenCalledOnce();
      expect(handler.signOut).toHaveBeenCalledOnce();
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });

    it('renews once for calls that fail together', async () => {
      localStorage.setItem(ACCESS_TOKEN_KEY, 'old');
      serverAccepting('fresh');
      const handler = handleUnauthorized(async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return renewToFresh();
      });
      await Promise.all([api.get('/user'), api.get('/manageOrders'), api.get('/review')]);
      expect(handler.renewAccessToken).toHaveBeenCalledOnce();
    });

    it('leaves a call without a token, or one made with the session cookie, to its caller', async () => {
      serverAccepting('fresh');
      const handler = handleUnauthorized(async () => true);
      await expect(api.get('/orders?email=a%40b.com')).rejects.toMatchObject({ status: 401 });
      localStorage.setItem(ACCESS_TOKEN_KEY, 'old');
      await expect(api.put('/user/a%40b.com', {}, { bearer: false })).rejects.toMatchObject({
        status: 401,
      });
      expect(handler.renewAccessToken).not.toHaveBeenCalled();
      expect(handler.signOut).not.toHaveBeenCalled();
    });
  });
});
