import { API_BASE, type ErrorBody, shellTexts } from '@tools-factory/contract';
import { readAccessToken } from './access-token';

export { ACCESS_TOKEN_KEY } from './access-token';

/** A failed API call: `message` is the server's own (meant for a person), `status` its HTTP status (0: no answer). */
export class ApiError extends Error {
  readonly status: number;
  /** A form's 400: every field's problem (`field` as sent), when the server lists them. */
  readonly fieldErrors: NonNullable<ErrorBody['fieldErrors']>;
  /** The error's whole JSON body, for what some refusals add (a checkout's failing lines). */
  readonly body: unknown;

  constructor(
    message: string,
    status: number,
    fieldErrors: NonNullable<ErrorBody['fieldErrors']> = [],
    body: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.body = body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface ApiRequestOptions {
  method?: HttpMethod;
  /** Sent as JSON; a FormData as multipart (a picture's upload). */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Attach the stored access token (default). Calls authenticated by the identity session's
   * cookie instead (PUT /user, the session itself) say false: their 401 means no session, which
   * no token renewal can fix.
   */
  bearer?: boolean;
  /** More request headers (POST /order's Idempotency-Key). */
  headers?: Record<string, string>;
  /** 'file': the answer is a file to save (a CSV, a PDF), not JSON: see DownloadedFile. */
  answer?: 'json' | 'file';
}

/** A file the API answered: its bytes, and the name its Content-Disposition gives (if any). */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

/** The `filename="..."` of an attachment's Content-Disposition header. */
function fileNameOf(response: Response): string | null {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
}

/**
 * What the app does when a bearer call answers 401 (expired or rejected token). Registered by
 * the app (lib knows nothing of identity): see setUnauthorizedHandler.
 */
interface UnauthorizedHandler {
  /** Stores a fresh access token while the identity session lives; false when it does not. */
  renewAccessToken: () => Promise<boolean>;
  /** Ends the sign-in on this device and sends the user to log in, told why (the server's words). */
  signOut: (why: string) => void | Promise<void>;
}

let unauthorizedHandler: UnauthorizedHandler | null = null;
let renewal: Promise<boolean> | null = null;

/** Registers (or, with null, removes) what happens when a bearer call answers 401. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

/** One renewal at a time: calls that fail together wait for the same new token. */
function renewAccessTokenOnce(handler: UnauthorizedHandler): Promise<boolean> {
  renewal ??= handler
    .renewAccessToken()
    .catch(() => false)
    .finally(() => {
      renewal = null;
    });
  return renewal;
}

function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** One request: the token given (if any) as the bearer. */
async function send<T>(path: string, options: ApiRequestOptions, token: string | null): Promise<T> {
  const { method = 'GET', body, signal } = options;
  const file = options.answer === 'file';
  const headers = new Headers({ ...options.headers, Accept: file ? '*/*' : 'application/json' });
  const multipart = body instanceof FormData;
  if (body !== undefined && !multipart) headers.set('Content-Type', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? null : multipart ? body : JSON.stringify(body),
      signal: signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(shellTexts.somethingWentWrong, 0);
  }

  if (file && response.ok) {
    const downloaded: DownloadedFile = {
      blob: await response.blob(),
      fileName: fileNameOf(response),
    };
    return downloaded as T;
  }
  const payload = await readJson(response);
  if (!response.ok) {
    const message = isErrorBody(payload) ? payload.message : shellTexts.somethingWentWrong;
    const listed: unknown = isErrorBody(payload) ? payload.fieldErrors : undefined;
    const fieldErrors = Array.isArray(listed)
      ? listed.filter(
          (entry): entry is { field: string; message: string } =>
            typeof entry === 'object' &&
            entry !== null &&
            typeof (entry as { field?: unknown }).field === 'string' &&
            typeof (entry as { message?: unknown }).message === 'string',
        )
      : [];
    throw new ApiError(message, response.status, fieldErrors, payload);
  }
  return payload as T;
}

/**
 * Calls the product's own API under /api with JSON in and out. The bearer token is attached
 * whenever one is stored. Resolves with the parsed body; rejects with an ApiError carrying the
 * server's message and status, or status 0 when the server could not be reached.
 *
 * A bearer call answered 401 gets one second chance: the registered handler renews the token
 * (while the identity session lives) and the call goes again; when it cannot, or the second
 * try is refused too, the handler signs the user out.
 */
async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const token = options.bearer === false ? null : readAccessToken();
  try {
    return await send<T>(path, options, token);
  } catch (error) {
    const handler = unauthorizedHandler;
    if (!(isApiError(error) && error.status === 401 && token && handler)) throw error;
    const current = readAccessToken();
    // Signed out meanwhile (another call's renewal failed): nothing left to renew.
    if (current === null) throw new ApiError(shellTexts.identityErrors.sessionExpired, 401);
    // Another call may have renewed the token meanwhile: then this one only needs to go again.
    const renewed = current !== token || (await renewAccessTokenOnce(handler));
    const freshToken = renewed ? readAccessToken() : null;
    // Why the server refused (the session ended, the account was removed): said at the login.
    let why = error.message;
    if (freshToken) {
      try {
        return await send<T>(path, options, freshToken);
      } catch (retryError) {
        if (!(isApiError(retryError) && retryError.status === 401)) throw retryError;
        why = retryError.message;
      }
    }
    await handler.signOut(why);
    throw new ApiError(shellTexts.identityErrors.sessionExpired, 401);
  }
}

type CallOptions = Pick<ApiRequestOptions, 'signal' | 'bearer' | 'headers'>;

export const api = {
  get: <T>(path: string, signal?: AbortSignal, options: CallOptions = {}) =>
    apiRequest<T>(path, signal ? { ...options, signal } : options),
  post: <T>(path: string, body?: unknown, options: CallOptions = {}) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options: CallOptions = {}) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options: CallOptions = {}) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options: CallOptions = {}) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
  /** GET a file (bearer attached, renewed on 401 as any call): its bytes and its name. */
  download: (path: string, options: CallOptions = {}) =>
    apiRequest<DownloadedFile>(path, { ...options, answer: 'file' }),
};

/** What to tell the user about a failure: the server's own message, or a generic one. */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : shellTexts.somethingWentWrong;
}
