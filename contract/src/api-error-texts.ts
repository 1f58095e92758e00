/** What the API answers whatever the call, part of serverTexts: its errors, requests and paths. */
export const apiErrorTexts = {
  /** What the API answers in `{ message, statusCode }` bodies whatever the call. */
  apiErrors: {
    /** 404: GET /tool/{id} and POST /order for a tool that is not on sale. */
    toolNotFound: 'Tool not found',
    /** 503: GET /ready while the database does not answer. */
    databaseUnavailable: 'Database unavailable',
    /** 503 for any request that needed the database while it was out of reach. */
    serviceUnavailable: 'The service is briefly unavailable. Please try again.',
    /**
     * 503 for a request that needed to write while the disk under the database (or DATA_DIR) is
     * full, and GET /ready meanwhile: nothing was changed.
     */
    storageFull:
      'The shop cannot save anything right now: its storage is full. Nothing was changed; please try again later.',
    /**
     * 503: GET /ready while the embedded database's DATA_DIR has less free space than it keeps in
     * reserve (DISK_RESERVE_MB); writes meanwhile are refused with `storageFull`.
     */
    storageBelowReserve: (reserveMb: number) =>
      `The storage is nearly full: its free space is below the ${reserveMb} MB kept in reserve, so writes are refused until space is freed.`,
    /** 503: GET /ready while the database answers but refuses the readiness probe's write. */
    databaseRefusesWrites: 'Database refuses writes',
    /**
     * 503 with `Connection: close`: any request, GET /ready included, that reaches an instance
     * once it has begun to stop (SIGTERM). Nothing of it was done; another instance takes it.
     */
    stopping: 'This server is restarting. Nothing was done; please send the request again.',
    /**
     * 503: a request that was under way when the instance began to stop and had not finished
     * when the stop's time ran out (graceful-close.ts).
     */
    stoppedBeforeFinishing:
      'This server restarted before it could finish your request. Please send it again: with the same Idempotency-Key, an order or checkout is placed at most once.',
    /** 500: a bug of ours; the details go to the log only. */
    internalError: 'Internal Server Error',
    /** 404: a path under /api that no route serves (Fastify's own wording). */
    routeNotFound: (method: string, path: string) => `Route ${method}:${path} not found`,
    /** A schema's problem without a message of its own, after the field's name. */
    invalidField: 'is invalid',
  },
  /** Requests refused before any route reads them, in `{ message, statusCode }` bodies. */
  requestErrors: {
    invalidJson: 'The request body is not valid JSON.',
    nestedTooDeeply: (levels: number) =>
      `The request body is nested too deeply (at most ${levels} levels).`,
    bodyNulCharacter: 'The request body must not contain a NUL character.',
    bodyTooLarge: 'The request body is too large.',
    urlTooLong: 'The address of this request is too long.',
    headersTooLarge: 'The headers of this request are too large.',
    timeout: 'The request took too long to arrive. Please try again.',
    malformed: 'This request could not be understood.',
  },
  /** 400: a path under /api with '.', '..' or empty segments, or backslashes (docs/architecture.md). */
  pathErrors: {
    notPlain:
      "This address is not in plain form: it must not contain '.', '..' or empty segments, or backslashes.",
    badEncoding:
      "This address is not properly encoded: each '%' must begin the escape of a UTF-8 character, such as %20.",
  },
} as const;
