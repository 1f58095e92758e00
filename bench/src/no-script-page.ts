import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A page's HTML with no script at all: every <script> element (the entry, the page's data) and
 * every modulepreload link taken out. What is left is the server's rendering and its stylesheet:
 * the floor a page's main-thread time could reach on the machine that measures it.
 */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*\brel=["']?modulepreload["']?[^>]*>/gi, '');
}

export type NoScriptServer = {
  baseUrl: string;
  /** Serves `path`'s HTML (as the app sends it now, less its scripts) until the next call. */
  show: (path: string) => Promise<void>;
  close: () => Promise<void>;
};

/** The headers of the app's answer worth passing on (the body is sent decoded, whole). */
const PASSED_HEADERS = ['content-type', 'cache-control', 'etag', 'last-modified'];

async function proxy(appUrl: string, request: IncomingMessage, response: ServerResponse) {
  const answer = await fetch(new URL(request.url ?? '/', appUrl), {
    method: request.method,
    headers: { accept: request.headers.accept ?? '*/*' },
  });
  const body = Buffer.from(await answer.arrayBuffer());
  response.statusCode = answer.status;
  for (const name of PASSED_HEADERS) {
    const value = answer.headers.get(name);
    if (value !== null) response.setHeader(name, value);
  }
  response.setHeader('content-length', body.length);
  response.end(request.method === 'HEAD' ? undefined : body);
}

/**
 * A tiny node:http server beside the app (the same build): the page being shown is the app's
 * HTML without scripts; everything else (the stylesheet, pictures, fonts) is the app's own answer.
 */
export async function startNoScriptServer(appUrl: string): Promise<NoScriptServer> {
  let shown: { path: string; html: string } | undefined;
  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (shown && pathname === shown.path) {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.setHeader('cache-control', 'no-cache');
      response.end(shown.html);
      return;
    }
    proxy(appUrl, request, response).catch((error: unknown) => {
      response.statusCode = 502;
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    async show(path) {
      const answer = await fetch(new URL(path, appUrl));
      if (!answer.ok) throw new Error(`${path}: ${answer.status} from the app`);
      shown = { path: new URL(path, appUrl).pathname, html: withoutScripts(await answer.text()) };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
