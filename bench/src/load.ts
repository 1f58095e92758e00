import autocannon from 'autocannon';
import type { RequestSpec } from './http.ts';

export type LoadOptions = { connections: number; seconds: number };

export type LoadResult = {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
};

/**
 * Puts `connections` concurrent keep-alive connections on one request for `seconds`. With
 * `perConnection`, connection i cycles through its own requests instead (e.g. one account each).
 */
export async function load(
  baseUrl: string,
  spec: RequestSpec,
  options: LoadOptions,
  perConnection?: (index: number) => RequestSpec[],
): Promise<LoadResult> {
  let clients = 0;
  const result = await autocannon({
    url: new URL(spec.path, baseUrl).toString(),
    method: spec.method,
    headers: spec.headers,
    body: spec.body,
    connections: options.connections,
    duration: options.seconds,
    ...(perConnection
      ? {
          setupClient: (client: autocannon.Client) => {
            client.setRequests(perConnection(clients++));
          },
        }
      : {}),
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
