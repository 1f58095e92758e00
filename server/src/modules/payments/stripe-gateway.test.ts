import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  startStripeStandIn,
  type StandInIntentStatus,
  type StripeStandIn,
} from '../../testing/stripe-stand-in.ts';
import { GatewayError, type GatewayIntent, type PaymentGateway } from './payment-gateway.ts';
import { createStripeGateway, stripeConnectionOptions } from './stripe-gateway.ts';

const SECRET_KEY = 'sk_test_tools_factory_0123456789';
const KEYS = {
  secretKey: SECRET_KEY,
  publishableKey: 'pk_test_tools_factory',
  webhookSecret: 'whsec_test',
};

describe('the stripe gateway, with the real SDK against a local stand-in of Stripe', () => {
  let standIn: StripeStandIn;
  let gateway: PaymentGateway;

  beforeAll(async () => {
    standIn = await startStripeStandIn({ secretKey: SECRET_KEY });
    // No retries: each failure test sees one attempt (the retry test below makes its own).
    gateway = createStripeGateway({ ...KEYS, apiUrl: standIn.url }, { maxNetworkRetries: 0 });
  });
  afterEach(async () => {
    await standIn.recover();
  });
  afterAll(async () => {
    await standIn.close();
  });

  const lastRequest = () => standIn.requests.at(-1);

  it('creates a card PaymentIntent for the order: amount in cents, usd, the order id, the key', async () => {
    const created = await gateway.createIntent({
      orderId: 'order-1',
      checkoutId: 'checkout-1',
      amountCents: 12_345,
      idempotencyKey: 'intent-order-1-12345',
    });

    expect(created.id).toMatch(/^pi_/);
    expect(created.clientSecret.startsWith(`${created.id}_secret_`)).toBe(true);
    const request = lastRequest();
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/payment_intents');
    expect(request?.form).toEqual({
      amount: '12345',
      currency: 'usd',
      'metadata[order_id]': 'order-1',
      'metadata[checkout_id]': 'checkout-1',
      'allowed_payment_method_types[0]': 'card',
    });
    expect(request?.idempotencyKey).toBe('intent-order-1-12345');
    expect(request?.authorization).toBe(`Bearer ${SECRET_KEY}`);
    // The pinned API version, not the account's default.
    expect(request?.headers['stripe-version']).toBe('2026-10-28.endive');
  });

  it('gives one intent for one idempotency key, however often it is asked', async () => {
    const input = {
      orderId: 'order-2',
      checkoutId: 'checkout-2',
      amountCents: 5_000,
      idempotencyKey: 'intent-order-2',
    };
    const first = await gateway.createIntent(input);
    const second = await gateway.createIntent(input);
    const other = await gateway.createIntent({ ...input, idempotencyKey: 'intent-order-2-again' });

    expect(second).toEqual(first);
    expect(other.id).not.toBe(first.id);
  });

  it.each<[StandInIntentStatus, GatewayIntent['status']]>([
    ['requires_payment_method', 'requires_payment'],
    ['requires_confirmation', 'requires_payment'],
    ['requires_action', 'requires_payment'],
    ['processing', 'processing'],
    ['requires_capture', 'processing'],
    ['canceled', 'canceled'],
    ['succeeded', 'succeeded'],
  ])('reads an intent that Stripe says is %s as %s', async (stripeStatus, status) => {
    const { id } = await gateway.createIntent({
      orderId: 'order-3',
      checkoutId: 'checkout-3',
      amountCents: 999,
      idempotencyKey: `intent-order-3-${stripeStatus}`,
    });
    standIn.setIntentStatus(id, stripeStatus);

    expect(await gateway.retrieveIntent(id)).toEqual({
      id,
      orderId: 'order-3',
      amountCents: 999,
      currency: 'usd',
      status,
    });
    expect(lastRequest()).toMatchObject({ method: 'GET', path: `/v1/payment_intents/${id}` });
  });

  it('answers undefined for an intent Stripe does not know (404 resource_missing)', async () => {
    expect(await gateway.retrieveIntent('pi_doesnotexist')).toBeUndefined();
    expect(lastRequest()?.path).toBe('/v1/payment_intents/pi_doesnotexist');
  });

  it.each(['', 'pi_', 'pi_abc/../../v1/customers', 'cus_123', 'pi_abc?expand[]=customer'])(
    'answers undefined for %j without calling Stripe: it is no intent id',
    async (id) => {
      const before = standIn.requests.length;
      expect(await gateway.retrieveIntent(id)).toBeUndefined();
      expect(standIn.requests.length).toBe(before);
    },
  );

  it('refunds a succeeded intent whole, once, however often it is asked', async () => {
    const { id } = await gateway.createIntent({
      orderId: 'order-4',
      checkoutId: 'checkout-4',
      amountCents: 2_500,
      idempotencyKey: 'intent-order-4',
    });
    standIn.setIntentStatus(id, 'succeeded');

    await gateway.refund(id);
    expect(lastRequest()).toMatchObject({
      method: 'POST',
      path: '/v1/refunds',
      form: { payment_intent: id },
      idempotencyKey: `refund-${id}`,
    });
    // Again: the same key replays the refund; a refund made under another key is no error.
    await gateway.refund(id);
    expect(standIn.refunds.filter((refund) => refund.payment_intent === id)).toEqual([
      expect.objectContaining({ amount: 2_500, currency: 'usd' }),
    ]);
  });

  it('takes an intent refunded already (from the Dashboard, or its key expired) as refunded', async () => {
    const { id } = await gateway.createIntent({
      orderId: 'order-5',
      checkoutId: 'checkout-5',
      amountCents: 700,
      idempotencyKey: 'intent-order-5',
    });
    standIn.setIntentStatus(id, 'succeeded');
    // Refunded under another key: Stripe refuses a second refund (charge_already_refunded).
    const dashboard = new Stripe(SECRET_KEY, stripeConnectionOptions(standIn.url));
    await dashboard.refunds.create(
      { payment_intent: id },
      { idempotencyKey: 'from-the-dashboard' },
    );

    await expect(gateway.refund(id)).resolves.toEqual({ refundId: null });
    expect(lastRequest()?.idempotencyKey).toBe(`refund-${id}`);
    expect(standIn.refunds.filter((refund) => refund.payment_intent === id)).toHaveLength(1);
  });

  it('throws GatewayError for a refund Stripe refuses (no such intent)', async () => {
    await expect(gateway.refund('pi_neverseen')).rejects.toBeInstanceOf(GatewayError);
  });

  it('throws GatewayError when Stripe answers 500, for every call', async () => {
    const { id } = await gateway.createIntent({
      orderId: 'order-6',
      checkoutId: 'checkout-6',
      amountCents: 100,
      idempotencyKey: 'intent-order-6',
    });
    await standIn.failWith('server-error');

    const calls = [
      gateway.createIntent({
        orderId: 'order-6',
        checkoutId: 'checkout-6',
        amountCents: 100,
        idempotencyKey: 'k-6b',
      }),
      gateway.retrieveIntent(id),
      gateway.refund(id),
    ];
    for (const call of calls) await expect(call).rejects.toBeInstanceOf(GatewayError);
  });

  it('throws GatewayError when Stripe cannot be reached, and works again once it can', async () => {
    const { id } = await gateway.createIntent({
      orderId: 'order-7',
      checkoutId: 'checkout-7',
      amountCents: 100,
      idempotencyKey: 'intent-order-7',
    });
    await standIn.failWith('connection-refused');

    await expect(gateway.retrieveIntent(id)).rejects.toBeInstanceOf(GatewayError);
    await expect(
      gateway.createIntent({
        orderId: 'order-7',
        checkoutId: 'checkout-7',
        amountCents: 100,
        idempotencyKey: 'k-7b',
      }),
    ).rejects.toThrow(/Stripe could not create a payment intent/);

    await standIn.recover();
    expect(await gateway.retrieveIntent(id)).toMatchObject({ id, orderId: 'order-7' });
  });

  it('throws GatewayError when Stripe refuses the secret key (401)', async () => {
    const wrongKey = createStripeGateway(
      { ...KEYS, secretKey: 'sk_test_someone_else', apiUrl: standIn.url },
      { maxNetworkRetries: 0 },
    );
    await expect(
      wrongKey.createIntent({
        orderId: 'order-8',
        checkoutId: 'checkout-8',
        amountCents: 100,
        idempotencyKey: 'k-8',
      }),
    ).rejects.toBeInstanceOf(GatewayError);
    await expect(wrongKey.retrieveIntent('pi_123')).rejects.toBeInstanceOf(GatewayError);
  });

  it('retries a failed call with the same idempotency key before giving up', async () => {
    const retrying = createStripeGateway({ ...KEYS, apiUrl: standIn.url });
    await standIn.failWith('server-error');
    const before = standIn.requests.length;

    await expect(
      retrying.createIntent({
        orderId: 'order-9',
        checkoutId: 'checkout-9',
        amountCents: 100,
        idempotencyKey: 'k-9',
      }),
    ).rejects.toBeInstanceOf(GatewayError);
    const attempts = standIn.requests.slice(before);
    expect(attempts.map((attempt) => attempt.idempotencyKey)).toEqual(['k-9', 'k-9', 'k-9']);
  });

  it('is named stripe and hands the publishable key to the web page', () => {
    expect(gateway.name).toBe('stripe');
    expect(gateway.publishableKey).toBe('pk_test_tools_factory');
  });
});

describe('stripeConnectionOptions (STRIPE_API_URL)', () => {
  it.each([
    [undefined, {}],
    ['http://127.0.0.1:12111', { host: '127.0.0.1', port: 12111, protocol: 'http' }],
    ['http://stripe-mock', { host: 'stripe-mock', port: 80, protocol: 'http' }],
    ['https://api.example.com/', { host: 'api.example.com', port: 443, protocol: 'https' }],
    ['http://[::1]:8080', { host: '::1', port: 8080, protocol: 'http' }],
  ])('reads %s', (apiUrl, expected) => {
    expect(stripeConnectionOptions(apiUrl)).toEqual(expected);
  });
});
