import { vi } from 'vitest';
import { jsonResponse } from './render';

export interface ApiRequest {
  method: string;
  url: string;
  body: unknown;
  headers: Headers;
}

export type Answer = Response | undefined | Promise<Response | undefined>;

/**
 * Our own API, faked at fetch: every call is recorded in `requests` and handed to `answer`;
 * a call it leaves unanswered (undefined) gets a 404, as the server gives an unknown path.
 */
export function fakeApi(answer: (request: ApiRequest) => Answer) {
  const requests: ApiRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request: ApiRequest = {
      method: init.method ?? 'GET',
      url: input.toString(),
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      headers: new Headers(init.headers),
    };
    requests.push(request);
    return (await answer(request)) ?? jsonResponse({ message: 'Not Found', statusCode: 404 }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}

/** A fetch that never answers: the page stays in its loading state. */
export function silentApi() {
  return fakeApi(() => new Promise<Response>(() => undefined));
}

/** The calls made to one method and path (query included). */
export function callsTo(requests: ApiRequest[], method: string, url: string): ApiRequest[] {
  return requests.filter((request) => request.method === method && request.url === url);
}
