import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE, texts } from '@tools-factory/contract';
import { registerErrorHandler } from '../../plugins/errors.ts';
import { registerJsonBodyParser } from '../../plugins/json-body.ts';
import { registerOpenApi } from '../../plugins/openapi.ts';
import { stripeEventPayload } from '../../testing/stripe-stand-in.ts';
import type { GatewayIntent } from './payment-gateway.ts';
import { createStripeGateway } from './stripe-gateway.ts';
import { stripeWebhookRoutes } from './stripe-webhook.routes.ts';

const WEBHOOK_SECRET = 'whsec_tools_factory_test_secret';
const WEBHOOK_URL = `${API_BASE}/webhooks/stripe`;
const BAD_SIGNATURE = { message: texts.paymentErrors.badSignature, statusCode: 400 };

/** A PaymentIntent as Stripe puts it in an event (the fields the gateway reads, and some). */
function paymentIntentJson(status = 'succeeded') {
  return {
    id: 'pi_webhook123',
    object: 'payment_intent',
    amount: 4_200,
    amount_received: status === 'succeeded' ? 4_200 : 0,
    currency: 'usd',
    client_secret: 'pi_webhook123_secret_abc',
    metadata: { order_id: 'order-42' },
    payment_method_types: ['card'],
    status,
    livemode: false,
  };
}

const sign = (payload: string, secret = WEBHOOK_SECRET, timestamp?: number) =>
  Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp === undefined ? {} : { timestamp }),
  });

describe('POST /api/webhooks/stripe', () => {
  let app: FastifyInstance;
  const onPaymentSucceeded = vi.fn(async (_intent: GatewayIntent) => undefined);
  const onPaymentRefunded = vi.fn(async (_intentId: string) => undefined);
  const onPaymentDisputed = vi.fn(async (_intentId: string) => undefined);

  beforeAll(async () => {
    // A small app built as app.ts builds the real one: its error handler, its app-wide JSON
    // parser, OpenAPI, and a plain JSON route beside the webhook.
    app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    registerJsonBodyParser(app);
    await registerOpenApi(app);
    const gateway = createStripeGateway({
      secretKey: 'sk_test_unused',
      publishableKey: 'pk_test_unused',
      webhookSecret: WEBHOOK_SECRET,
    });
    await app.register(
      async (api) => {
        await api.register(stripeWebhookRoutes, {
          gateway,
          onPaymentSucceeded,
          onPaymentRefunded,
          onPaymentDisputed,
        });
        api.post('/echo', async (request) => ({ body: request.body }));
      },
      { prefix: API_BASE },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });
  beforeEach(() => {
    onPaymentSucceeded.mockClear();
    onPaymentRefunded.mockClear();
    onPaymentDisputed.mockClear();
  });

  const post = (payload: string, signature: string | undefined, contentType = 'application/json') =>
    app.inject({
      method: 'POST',
      url: WEBHOOK_URL,
      headers: {
        'content-type': contentType,
        ...(signature === undefined ? {} : { 'stripe-signature': signature }),
      },
      payload,
    });

  it('takes a signed payment_intent.succeeded and hands the intent over', async () => {
    const payload = stripeEventPayload('payment_intent.succeeded', paymentIntentJson());

    const response = await post(payload, sign(payload));

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect(onPaymentSucceeded).toHaveBeenCalledTimes(1);
    expect(onPaymentSucceeded).toHaveBeenCalledWith({
      id: 'pi_webhook123',
      orderId: 'order-42',
      amountCents: 4_200,
      currency: 'usd',
      status: 'succeeded',
    });
  });

  it('checks the bytes as sent: spacing and a charset parameter change nothing', async () => {
    // Stripe pretty-prints its events; parsing and re-serializing would break the signature.
    const event = JSON.parse(stripeEventPayload('payment_intent.succeeded', paymentIntentJson()));
    const payload = JSON.stringify(event, null, 2);

    const response = await post(payload, sign(payload), 'application/json; charset=utf-8');

    expect(response.statusCode).toBe(200);
    expect(onPaymentSucceeded).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a forged signature', () => `t=${Math.floor(Date.now() / 1000)},v1=${'ab'.repeat(32)}`],
    [
      'a signature made with another secret',
      (payload: string) => sign(payload, 'whsec_someone_else'),
    ],
    [
      'a signature older than five minutes (a replay)',
      (payload: string) => sign(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 6 * 60),
    ],
    ['a header that is no signature', () => 'hello'],
    ['an empty header', () => ''],
  ])('refuses %s with 400, calling nothing', async (_case, signatureFor) => {
    const payload = stripeEventPayload('payment_intent.succeeded', paymentIntentJson());

    const response = await post(payload, signatureFor(payload));

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(BAD_SIGNATURE);
    expect(onPaymentSucceeded).not.toHaveBeenCalled();
  });

  it('refuses a payload edited after it was signed', async () => {
    const payload = stripeEventPayload('payment_intent.succeeded', paymentIntentJson());
    const signature = sign(payload);
    const edited = payload.replace('"amount":4200', '"amount":1');
    expect(edited).not.toBe(payload);

    const response = await post(edited, signature);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(BAD_SIGNATURE);
    expect(onPaymentSucceeded).not.toHaveBeenCalled();
  });

  it('refuses a call without a Stripe-Signature header', async () => {
    const payload = stripeEventPayload('payment_intent.succeeded', paymentIntentJson());

    const response = await post(payload, undefined);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(BAD_SIGNATURE);
    expect(onPaymentSucceeded).not.toHaveBeenCalled();
  });

  it('refuses a call without a body', async () => {
    const response = await app.inject({ method: 'POST', url: WEBHOOK_URL });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(BAD_SIGNATURE);
  });

  it('acknowledges other events (200) without calling anything', async () => {
    for (const type of [
      'payment_intent.created',
      'payment_intent.payment_failed',
      'charge.succeeded',
    ]) {
      const payload = stripeEventPayload(type, paymentIntentJson('requires_payment_method'));
      const response = await post(payload, sign(payload));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ received: true });
    }
    expect(onPaymentSucceeded).not.toHaveBeenCalled();
    expect(onPaymentRefunded).not.toHaveBeenCalled();
  });

  it('hands over the intent of a charge refunded in full, and of a dispute; a part refund is acknowledged only', async () => {
    const charge = (refunded: boolean) => ({
      id: 'ch_webhook123',
      object: 'charge',
      amount: 4_200,
      amount_refunded: refunded ? 4_200 : 100,
      currency: 'usd',
      payment_intent: 'pi_webhook123',
      refunded,
    });
    const partly = stripeEventPayload('charge.refunded', charge(false));
    expect((await post(partly, sign(partly))).statusCode).toBe(200);
    expect(onPaymentRefunded).not.toHaveBeenCalled();

    const fully = stripeEventPayload('charge.refunded', charge(true));
    expect((await post(fully, sign(fully))).json()).toEqual({ received: true });
    expect(onPaymentRefunded).toHaveBeenCalledWith('pi_webhook123');

    const dispute = stripeEventPayload('charge.dispute.created', {
      id: 'dp_webhook123',
      object: 'dispute',
      amount: 4_200,
      currency: 'usd',
      charge: 'ch_webhook123',
      payment_intent: { id: 'pi_webhook123', object: 'payment_intent' },
    });
    expect((await post(dispute, sign(dispute))).statusCode).toBe(200);
    expect(onPaymentDisputed).toHaveBeenCalledWith('pi_webhook123');
  });

  it('answers 400 in words for a signed charge.refunded that is no charge', async () => {
    const payload = stripeEventPayload('charge.refunded', { id: 'ch_x', object: 'charge' });
    const response = await post(payload, sign(payload));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: texts.paymentErrors.notAnEvent, statusCode: 400 });
    expect(onPaymentRefunded).not.toHaveBeenCalled();
  });

  it('answers 500 when the payment cannot be recorded, so that Stripe sends it again', async () => {
    onPaymentSucceeded.mockRejectedValueOnce(new Error('database down'));
    const payload = stripeEventPayload('payment_intent.succeeded', paymentIntentJson());

    const response = await post(payload, sign(payload));

    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ statusCode: 500 });
    expect(response.body).not.toContain('database down');
  });

  it('takes only JSON (415 for another type)', async () => {
    const payload = stripeEventPayload('payment_intent.succeeded', paymentIntentJson());

    const response = await post(payload, sign(payload), 'text/plain');

    expect(response.statusCode).toBe(415);
    expect(onPaymentSucceeded).not.toHaveBeenCalled();
  });

  it('keeps raw bytes inside the plugin only: other routes keep the app-wide JSON parser', async () => {
    // The app's parser refuses a NUL character in any text (json-body.ts) ...
    const withNul = JSON.stringify({ note: 'a\u0000b' });
    const echo = await app.inject({
      method: 'POST',
      url: `${API_BASE}/echo`,
      headers: { 'content-type': 'application/json' },
      payload: withNul,
    });
    expect(echo.statusCode).toBe(400);
    const plain = await app.inject({
      method: 'POST',
      url: `${API_BASE}/echo`,
      headers: { 'content-type': 'application/json' },
      payload: { note: 'ab' },
    });
    expect(plain.json()).toEqual({ body: { note: 'ab' } });

    // ... while the webhook sees the bytes themselves, so a signed event holding one is taken.
    const payload = stripeEventPayload('payment_intent.succeeded', {
      ...paymentIntentJson(),
      description: 'a\u0000b',
    });
    const webhook = await post(payload, sign(payload));
    expect(webhook.statusCode).toBe(200);
  });

  it('is in the OpenAPI document, under payments, with its answers', async () => {
    const document = (await app.inject(`${API_BASE}/openapi.json`)).json() as {
      paths: Record<
        string,
        Record<string, { summary?: string; tags?: string[]; responses?: object }>
      >;
    };
    const operation = document.paths[WEBHOOK_URL]?.post;

    expect(operation?.summary).toBeTruthy();
    expect(operation?.tags).toEqual(['payments']);
    // 414: any call with a URL too long (plugins/openapi.ts documents it on every operation).
    expect(Object.keys(operation?.responses ?? {})).toEqual(['200', '400', '414']);
  });
});

describe('stripeWebhookRoutes', () => {
  it('refuses a gateway without webhooks', async () => {
    const app = Fastify({ logger: false });
    const gateway = {
      name: 'test' as const,
      publishableKey: null,
      createIntent: vi.fn(),
      retrieveIntent: vi.fn(),
      refund: vi.fn(),
    };
    try {
      await expect(
        app.register(stripeWebhookRoutes, { gateway, onPaymentSucceeded: vi.fn() }),
      ).rejects.toThrow('The test payment gateway has no webhooks');
    } finally {
      await app.close();
    }
  });
});
