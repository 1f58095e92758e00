import { texts, type Order, type PaymentSettings } from '@tools-factory/contract';
import { fakeIdentityServer, maria } from '../../../test/identity';
import { type ApiRequest } from '../../../test/fake-api';
import { makeOrder } from '../../../test/factories';
import { jsonResponse } from '../../../test/render';

/** Maria's unpaid order of 200 hammers at $12.50 ($2500 in all), the factory's default. */
export const ORDER_ID = makeOrder()._id;
export const PAY_ORDER_URL = `/api/payorder/${ORDER_ID}`;
export const INTENT_URL = '/api/create-payment-intent';
export const CONFIRM_URL = '/api/payments/test/confirm';
export const RECORD_URL = `/api/tool/${ORDER_ID}`;
export const CLIENT_SECRET = 'pi_test_1_secret_abc';
export const TRANSACTION_ID = 'pi_test_1';

type Answer = Response | Promise<Response>;

interface PaymentsServerOptions {
  order?: Order;
  settings?: PaymentSettings;
  /** POST /create-payment-intent; default: the client secret. */
  intent?: (request: ApiRequest) => Answer;
  /**
   * POST /payments/test/confirm, as the test gateway answers: 4242 4242 4242 4242 succeeds,
   * 4000 0000 0000 0002 is declined (402), anything else is an invalid number (402).
   */
  confirm?: (request: ApiRequest) => Answer;
  /** PATCH /tool/{id}; default: the order, paid with the transaction. */
  record?: (request: ApiRequest) => Answer;
}

function testGatewayConfirm({ body }: ApiRequest): Response {
  const { cardNumber } = body as { cardNumber: string };
  if (cardNumber === '4242 4242 4242 4242') {
    return jsonResponse({ status: 'succeeded', transectionId: TRANSACTION_ID });
  }
  const message =
    cardNumber === '4000 0000 0000 0002'
      ? texts.cardErrors.declined
      : texts.cardErrors.invalidNumber;
  return jsonResponse({ message, statusCode: 402 }, 402);
}

/** Our API as the payment page sees it, for Maria signed in with token-0. */
export function paymentsServer({
  order = makeOrder(),
  settings = { gateway: 'test', publishableKey: null },
  intent = () => jsonResponse({ clientSecret: CLIENT_SECRET }),
  confirm = testGatewayConfirm,
  record = ({ body }) => {
    const { transectionId } = body as { transectionId: string };
    return jsonResponse({
      acknowledged: true,
      modifiedCount: 1,
      order: { ...order, paid: true, status: 'paid', transectionId },
    });
  },
}: PaymentsServerOptions = {}) {
  return fakeIdentityServer({
    user: maria,
    answer: (request) => {
      const { method, url } = request;
      if (method === 'GET' && url === PAY_ORDER_URL) return jsonResponse(order);
      if (method === 'GET' && url === '/api/payment-settings') return jsonResponse(settings);
      if (method === 'POST' && url === INTENT_URL) return intent(request);
      if (method === 'POST' && url === CONFIRM_URL) return confirm(request);
      if (method === 'PATCH' && url === RECORD_URL) return record(request);
      return undefined;
    },
  });
}
