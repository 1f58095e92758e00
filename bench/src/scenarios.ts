import { recordOk, type RecordedResponse, type RequestSpec } from './http.ts';

/** What a scenario loads, and the baseline it is compared with (when it has one). */
export type PreparedScenario = {
  /** The request autocannon repeats against the app. */
  request: RequestSpec;
  /**
   * The baseline: a bare node:http server answering these exact bytes (same content-type) for the
   * same path. Scenarios without a meaningful replay (writes) leave it out.
   */
  replay?: RecordedResponse;
};

export type Scenario = {
  /** The row's name in the table, e.g. 'GET /api/parts'. */
  name: string;
  /** Looks at the running app (ids, tokens ...) and returns what to load. */
  prepare: (appBaseUrl: string) => Promise<PreparedScenario>;
};

/** GET a path (with `headers`), and replay its exact answer as the baseline. */
function catalogRead(
  name: string,
  pathOf: (appBaseUrl: string) => Promise<string>,
  headers?: Record<string, string>,
): Scenario {
  return {
    name,
    prepare: async (appBaseUrl) => {
      const request: RequestSpec = { method: 'GET', path: await pathOf(appBaseUrl), headers };
      return { request, replay: await recordOk(appBaseUrl, request) };
    },
  };
}

/** What a browser asks for when it opens a page: HTML, compressed as it can take it. */
const BROWSER_PAGE_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br, zstd',
};

export async function firstToolId(appBaseUrl: string): Promise<string> {
  const response = await recordOk(appBaseUrl, { method: 'GET', path: '/api/parts' });
  const tools = JSON.parse(response.body.toString('utf8')) as Array<{ _id: string }>;
  const first = tools[0];
  if (!first)
    throw new Error('GET /api/parts answered an empty catalog: the demo seed did not run');
  return first._id;
}

/**
 * Every scenario of `npm run bench`, in table order. Add one here (e.g. POST /api/order orders/s,
 * signing a customer in within `prepare`) and it gets its row.
 */
export const scenarios: Scenario[] = [
  // The home page's HTML as a browser gets it (brotli), whether the server renders it or not.
  catalogRead('GET / (HTML, br)', async () => '/', BROWSER_PAGE_HEADERS),
  catalogRead('GET /api/parts', async () => '/api/parts'),
  catalogRead('GET /api/parts?q=saw', async () => '/api/parts?q=saw'),
  catalogRead(
    'GET /api/tool/{id}',
    async (appBaseUrl) => `/api/tool/${await firstToolId(appBaseUrl)}`,
  ),
];
