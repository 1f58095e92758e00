import { request } from 'node:http';

/** One HTTP response exactly as it came over the wire (no content negotiation, no decoding). */
export type RecordedResponse = {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
};

export type RequestSpec = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: string;
};

/**
 * Sends one request with node:http, which (unlike fetch) asks for no compression and decodes
 * nothing, so the recorded bytes are the ones autocannon will receive.
 */
export function sendRaw(baseUrl: string, spec: RequestSpec): Promise<RecordedResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(spec.path, baseUrl),
      { method: spec.method, headers: spec.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            if (value !== undefined)
              headers[name] = Array.isArray(value) ? value.join(', ') : value;
          }
          resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(spec.body);
  });
}

/** GET a path and fail unless it answers 200. */
export async function recordOk(baseUrl: string, spec: RequestSpec): Promise<RecordedResponse> {
  const response = await sendRaw(baseUrl, spec);
  if (response.status !== 200) {
    throw new Error(
      `${spec.method} ${spec.path} answered ${response.status}: ${response.body.toString('utf8', 0, 300)}`,
    );
  }
  return response;
}
