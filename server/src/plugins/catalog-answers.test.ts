import http from 'node:http';
import { ToolListSchema, ToolSchema } from '@tools-factory/contract';
import { describe, expect } from 'vitest';
import { appTest, listenOnFreePort } from '../testing/app-fixtures.ts';
import { placeTestOrder } from '../testing/orders.ts';

/**
 * The URLs of the requests that reached Fastify, from its request log (LOG_LEVEL=debug logs a
 * line per request it handles): a kept answer is sent before Fastify, so it leaves no line.
 */
const routedUrls: string[] = [];
const test = appTest({
  config: { logLevel: 'debug' },
  logStream: {
    write(line) {
      const entry = JSON.parse(line) as { msg?: string; req?: { url?: string } };
      if (entry.msg === 'incoming request' && entry.req?.url) routedUrls.push(entry.req.url);
    },
  },
});

/** The app listening on a free port: kept answers are sent before Fastify, so only HTTP sees them. */
const it = test.extend('port', { scope: 'file' }, ({ app }) => listenOnFreePort(app));

type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** One GET over a connection of its own, the answer's headers and bytes as they came. */
function get(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<RawAnswer>((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, headers, agent: false }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () =>
        resolve({
          status: answer.statusCode ?? 0,
          headers: answer.headers,
          body: Buffer.concat(chunks),
        }),
      );
    });
    request.on('error', reject);
  });
}

/** The answer without what node:http writes for each response itself. */
function sameEveryTime({ headers, ...rest }: RawAnswer) {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...kept } = headers;
  return { ...rest, headers: kept };
}

describe('the catalog reads answered again from the bytes of their first answer', () => {
  it('answers a tool, a search and each encoding again, unrouted, with the headers and bytes Fastify sent', async ({
    port,
    tool,
  }) => {
    for (const path of [`/api/tool/${tool.id}`, '/api/parts?q=saw', '/api/parts']) {
      const asked: Record<string, string>[] = [
        {},
        { 'accept-encoding': 'gzip' },
        { 'accept-encoding': 'br' },
      ];
      for (const headers of asked) {
        const routedBefore = routedUrls.length;
        const first = await get(port, path, headers);
        expect(first.status).toBe(200);
        expect(sameEveryTime(await get(port, path, headers))).toEqual(sameEveryTime(first));
        // Fastify routed the first ask only: the second was answered from its kept bytes.
        expect(routedUrls.slice(routedBefore)).toEqual([path]);
      }
    }
  });

  it('answers the stock an order left at once, and 304 to a client holding the answer', async ({
    app,
    port,
    customer,
    tool,
  }) => {
    const before = await get(port, `/api/tool/${tool.id}`);
    const available = ToolSchema.parse(JSON.parse(before.body.toString())).availableQuantity;
    const order = await placeTestOrder(app, customer, tool);

    const after = await get(port, `/api/tool/${tool.id}`);
    expect(ToolSchema.parse(JSON.parse(after.body.toString())).availableQuantity).toBe(
      available - order.quantity,
    );
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const listed = ToolListSchema.parse(
      JSON.parse((await get(port, '/api/parts')).body.toString()),
    );
    expect(listed.find((listedTool) => listedTool._id === tool.id)?.availableQuantity).toBe(
      available - order.quantity,
    );

    const conditional = routedUrls.length;
    const unchanged = await get(port, `/api/tool/${tool.id}`, {
      'if-none-match': String(after.headers.etag),
    });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body.length).toBe(0);
    // A conditional ask is the route's to answer, each time.
    expect(routedUrls.slice(conditional)).toEqual([`/api/tool/${tool.id}`]);
  });

  it('leaves an unknown tool and a malformed search to the routes', async ({ port }) => {
    for (let ask = 0; ask < 2; ask += 1) {
      expect((await get(port, '/api/tool/00000000-0000-4000-8000-000000000000')).status).toBe(404);
      expect((await get(port, `/api/parts?q=${'x'.repeat(201)}`)).status).toBe(400);
    }
  });
});
