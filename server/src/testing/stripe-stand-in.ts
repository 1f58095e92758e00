import { randomBytes } from 'node:crypto';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** A PaymentIntent's status, as Stripe names them. */
export type StandInIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

/** A PaymentIntent in the fields of Stripe's JSON that our gateway reads (and a few more). */
export type StandInIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  client_secret: string;
  metadata: Record<string, string>;
  allowed_payment_method_types: string[];
  payment_method_types: string[];
  status: StandInIntentStatus;
  created: number;
  livemode: false;
};

export type StandInRefund = {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  created: number;
};

/** One request as the stand-in received it. */
export type RecordedRequest = {
  method: string;
  /** The path without its query: `/v1/payment_intents`. */
  path: string;
  headers: IncomingHttpHeaders;
  /**
   * The form-encoded body, decoded, its keys as the SDK wrote them (`metadata[order_id]`,
   * `payment_method_types[0]`); empty for a request without a body.
   */
  form: Record<string, string>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
};

/**
 * `server-error`: every request is answered 500 (Stripe having a bad moment);
 * `connection-refused`: nothing listens on the port any more (Stripe out of reach).
 */
export type StandInFailure = 'server-error' | 'connection-refused';

export type StripeStandIn = {
  /** `http://127.0.0.1:<port>`: the config's `stripe.apiUrl` (STRIPE_API_URL). */
  readonly url: string;
  /** Every request received, oldest first (those answered with a failure too). */
  readonly requests: readonly RecordedRequest[];
  /** Every refund made, oldest first. */
  readonly refunds: readonly StandInRefund[];
  intent(id: string): StandInIntent | undefined;
  /** Sets an intent's status; 'succeeded' is the customer having paid with Stripe.js. */
  setIntentStatus(id: string, status: StandInIntentStatus): StandInIntent;
  /** Makes every following request fail this way, until `recover()`. */
  failWith(failure: StandInFailure): Promise<void>;
  recover(): Promise<void>;
  close(): Promise<void>;
};

type StripeErrorBody = {
  error: { type: string; message: string; code?: string; param?: string };
};

type Answer = { status: number; body: StandInIntent | StandInRefund | StripeErrorBody };

/** A Stripe-like id: the object's prefix and random letters and digits. */
function stripeId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

function stripeError(
  status: number,
  type: string,
  message: string,
  extra: { code?: string; param?: string } = {},
): Answer {
  return { status, body: { error: { type, message, ...extra } } };
}

/** `metadata[order_id]=x` -> `{ order_id: 'x' }`: the bracketed keys under one name. */
function bracketed(form: Record<string, string>, name: string): Record<string, string> {
  const entries: Array<[string, string]> = [];
  for (const [key, value] of Object.entries(form)) {
    const match = /^([^[]+)\[([^\]]*)\]$/.exec(key);
    if (match?.[1] === name && match[2] !== undefined) entries.push([match[2], value]);
  }
  return Object.fromEntries(entries);
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * A local stand-in for Stripe's API, for tests of the stripe gateway with the real SDK: it
 * answers the few calls the gateway makes (create and retrieve a PaymentIntent, create a refund)
 * in Stripe's JSON shapes, honours idempotency keys as Stripe does (the same key and parameters
 * replay the first answer; the same key with other parameters is refused), and records every
 * request so that a test can check what the SDK sent. With `secretKey`, any other bearer is
 * refused with 401 as Stripe refuses a wrong key.
 */
export async function startStripeStandIn(
  options: { secretKey?: string } = {},
): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  const intents = new Map<string, StandInIntent>();
  const refunds: StandInRefund[] = [];
  const replays = new Map<string, { fingerprint: string; answer: Answer }>();
  let failure: StandInFailure | undefined;

  function createIntent(form: Record<string, string>): Answer {
    const amount = Number(form.amount);
    if (!form.amount || !Number.isSafeInteger(amount) || amount < 1) {
      return stripeError(400, 'invalid_request_error', 'Missing or invalid amount.', {
        code: 'parameter_missing',
        param: 'amount',
      });
    }
    if (!form.currency) {
      return stripeError(400, 'invalid_request_error', 'Missing currency.', {
        code: 'parameter_missing',
        param: 'currency',
      });
    }
    const id = stripeId('pi');
    const methodTypes = Object.values(bracketed(form, 'allowed_payment_method_types'));
    const intent: StandInIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: form.currency,
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      metadata: bracketed(form, 'metadata'),
      allowed_payment_method_types: methodTypes,
      payment_method_types: methodTypes.length > 0 ? methodTypes : ['card'],
      status: 'requires_payment_method',
      created: nowSeconds(),
      livemode: false,
    };
    intents.set(id, intent);
    return { status: 200, body: intent };
  }

  function noSuchIntent(id: string, param?: string): Answer {
    return stripeError(404, 'invalid_request_error', `No such payment_intent: '${id}'`, {
      code: 'resource_missing',
      ...(param ? { param } : {}),
    });
  }

  function createRefund(form: Record<string, string>): Answer {
    const intentId = form.payment_intent;
    const intent = intentId ? intents.get(intentId) : undefined;
    if (!intentId || !intent) return noSuchIntent(intentId ?? '', 'payment_intent');
    // A charge may be refunded in parts (one line of a checkout, issue 26) until none is left;
    // a part larger than what is left is refused, as Stripe does.
    const refunded = refunds
      .filter((refund) => refund.payment_intent === intentId)
      .reduce((sum, refund) => sum + refund.amount, 0);
    if (refunded >= intent.amount) {
      return stripeError(400, 'invalid_request_error', 'This charge has already been refunded.', {
        code: 'charge_already_refunded',
      });
    }
    const amount = form.amount === undefined ? intent.amount - refunded : Number(form.amount);
    if (!Number.isInteger(amount) || amount <= 0 || amount > intent.amount - refunded) {
      return stripeError(
        400,
        'invalid_request_error',
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((intent.amount - refunded) / 100).toFixed(2)})`,
        { param: 'amount' },
      );
    }
    if (intent.status !== 'succeeded') {
      return stripeError(
        400,
        'invalid_request_error',
        'This PaymentIntent does not have a successful charge to refund.',
        { code: 'payment_intent_unexpected_state' },
      );
    }
    const refund: StandInRefund = {
      id: stripeId('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intentId,
      status: 'succeeded',
      created: nowSeconds(),
    };
    refunds.push(refund);
    return { status: 200, body: refund };
  }

  function route(method: string, path: string, form: Record<string, string>): Answer {
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(form);
    if (method === 'POST' && path === '/v1/refunds') return createRefund(form);
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && retrieve?.[1]) {
      const id = decodeURIComponent(retrieve[1]);
      const intent = intents.get(id);
      return intent ? { status: 200, body: intent } : noSuchIntent(id, 'intent');
    }
    return stripeError(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${method}: ${path}).`,
    );
  }

  /** Stripe replays a keyed request's first answer; other parameters under that key are refused. */
  function answerOnce(recorded: RecordedRequest, bodyText: string): Answer & { replayed: boolean } {
    const key = recorded.idempotencyKey;
    const fingerprint = `${recorded.method} ${recorded.path} ${bodyText}`;
    const earlier = key ? replays.get(key) : undefined;
    if (earlier && earlier.fingerprint !== fingerprint) {
      return {
        ...stripeError(
          400,
          'idempotency_error',
          'This idempotency key was used before with other parameters.',
        ),
        replayed: false,
      };
    }
    if (earlier) return { ...earlier.answer, replayed: true };
    const answer = route(recorded.method, recorded.path, recorded.form);
    // Stripe keeps the answer of a keyed POST, refusals included, except its own 500s.
    if (key && recorded.method === 'POST') replays.set(key, { fingerprint, answer });
    return { ...answer, replayed: false };
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const bodyText = await readBody(request);
    const method = request.method ?? 'GET';
    const path = (request.url ?? '/').split('?', 1)[0] ?? '/';
    const recorded: RecordedRequest = {
      method,
      path,
      headers: request.headers,
      form: Object.fromEntries(new URLSearchParams(bodyText)),
      idempotencyKey: headerText(request.headers['idempotency-key']),
      authorization: headerText(request.headers.authorization),
    };
    requests.push(recorded);

    const send = (answer: Answer, extraHeaders: Record<string, string> = {}) => {
      response.writeHead(answer.status, {
        'content-type': 'application/json',
        'request-id': stripeId('req'),
        ...extraHeaders,
      });
      response.end(JSON.stringify(answer.body));
    };
    if (failure === 'server-error') {
      send(stripeError(500, 'api_error', 'The stand-in was told to fail.'));
      return;
    }
    if (options.secretKey && recorded.authorization !== `Bearer ${options.secretKey}`) {
      send(stripeError(401, 'invalid_request_error', 'Invalid API Key provided.'));
      return;
    }
    const answer = answerOnce(recorded, bodyText);
    send(answer, answer.replayed ? { 'idempotent-replayed': 'true' } : {});
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify(stripeError(500, 'api_error', String(error)).body));
    });
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve, reject) => {
      // Kept-alive sockets would otherwise keep reaching a server that is meant to be gone.
      server.closeAllConnections();
      server.close((error) => (error ? reject(error) : resolve()));
    });

  await listen(0);
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    refunds,
    intent: (id) => intents.get(id),
    setIntentStatus(id, status) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`The stand-in has no intent ${id}`);
      intent.status = status;
      intent.amount_received = status === 'succeeded' ? intent.amount : 0;
      return intent;
    },
    async failWith(next) {
      if (next === 'connection-refused' && server.listening) await stopListening();
      failure = next;
    },
    async recover() {
      if (!server.listening) await listen(port);
      failure = undefined;
    },
    async close() {
      if (server.listening) await stopListening();
    },
  };
}

/**
 * The JSON of a Stripe event about an object, as Stripe posts it to a webhook: sign it with
 * `Stripe.webhooks.generateTestHeaderString({ payload, secret })`.
 */
export function stripeEventPayload(type: string, object: object): string {
  return JSON.stringify({
    id: stripeId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: nowSeconds(),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
}
