import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { maria } from '../../../test/identity';
import { callsTo } from '../../../test/fake-api';
import { makeOrder } from '../../../test/factories';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import {
  CLIENT_SECRET,
  CONFIRM_URL,
  INTENT_URL,
  ORDER_ID,
  PAY_ORDER_URL,
  paymentsServer,
  RECORD_URL,
  TRANSACTION_ID,
} from '../test/payments-server';
import { PaymentCheckout } from './payment-checkout';

function renderCheckout() {
  const user = userEvent.setup();
  const onPaid = vi.fn();
  // StrictMode, as main.tsx renders the app: its doubled effects must not create two intents.
  renderWithProviders(
    <StrictMode>
      <PaymentCheckout
        orderId={ORDER_ID}
        payer={{ name: maria.name, email: maria.email }}
        onPaid={onPaid}
      />
    </StrictMode>,
    { route: `/dashborad/orders/payment/${ORDER_ID}` },
  );
  return { user, onPaid };
}

/** The card form's fields, once the order has loaded. */
async function cardForm() {
  return {
    number: await screen.findByLabelText('Card number'),
    expiry: screen.getByLabelText('Expiry (MM / YY)'),
    cvc: screen.getByLabelText('CVC'),
    pay: screen.getByRole('button', { name: 'Pay' }),
  };
}

async function typeCard(
  user: ReturnType<typeof userEvent.setup>,
  card: Awaited<ReturnType<typeof cardForm>>,
  number: string,
) {
  await user.type(card.number, number);
  await user.type(card.expiry, '1234');
  await user.type(card.cvc, '123');
}

describe('PaymentCheckout', () => {
  beforeEach(() => {
    localStorage.setItem('accessToken', 'token-0');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows a spinner while the order loads', () => {
    paymentsServer({ order: makeOrder() }).fetchMock.mockImplementation(
      () => new Promise<Response>(() => undefined),
    );
    renderCheckout();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });

  it('sums up the order: picture, name, unit price, quantity and total', async () => {
    const { server } = paymentsServer();
    renderCheckout();
    const summary = await screen.findByRole('region', { name: 'Your order' });
    expect(within(summary).getByText('Claw Hammer')).toBeInTheDocument();
    const picture = summary.querySelector('img');
    expect(picture).toHaveAttribute('src', '/images/tools/claw-hammer.svg');
    expect(picture).toHaveAttribute('width', '64');
    expect(picture).toHaveAttribute('height', '64');
    expect(within(summary).getByText('Price').nextElementSibling).toHaveTextContent('$12.50');
    expect(within(summary).getByText('Quantity').nextElementSibling).toHaveTextContent('200');
    expect(within(summary).getByText('Total').nextElementSibling).toHaveTextContent('$2,500.00');
    const [read] = callsTo(server.requests, 'GET', PAY_ORDER_URL);
    expect(read?.headers.get('Authorization')).toBe('Bearer token-0');
  });

  it("creates the order's intent once, and keeps Pay disabled until its client secret arrives", async () => {
    let answerIntent: (response: Response) => void = () => undefined;
    const { server } = paymentsServer({
      intent: () => new Promise<Response>((resolve) => (answerIntent = resolve)),
    });
    renderCheckout();
    const { pay } = await cardForm();
    expect(pay).toBeDisabled();
    await vi.waitFor(() => expect(callsTo(server.requests, 'POST', INTENT_URL)).toHaveLength(1));

    answerIntent(jsonResponse({ clientSecret: CLIENT_SECRET }));
    await vi.waitFor(() => expect(pay).toBeEnabled());
    const intents = callsTo(server.requests, 'POST', INTENT_URL);
    expect(intents).toHaveLength(1);
    expect(intents[0]?.body).toEqual({ orderId: ORDER_ID, totalPrice: 2500 });
    expect(intents[0]?.headers.get('Authorization')).toBe('Bearer token-0');
  });

  it('offers an accessible card form that groups the digits as they are typed', async () => {
    paymentsServer();
    const { user } = renderCheckout();
    const card = await cardForm();
    expect(card.number).toHaveAttribute('inputmode', 'numeric');
    expect(card.number).toHaveAttribute('autocomplete', 'cc-number');
    expect(card.expiry).toHaveAttribute('autocomplete', 'cc-exp');
    expect(card.cvc).toHaveAttribute('autocomplete', 'cc-csc');
    expect(
      screen.getByText(
        'Test payments: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.',
      ),
    ).toBeInTheDocument();

    await typeCard(user, card, '4242424242424242');
    expect(card.number).toHaveValue('4242 4242 4242 4242');
    expect(card.expiry).toHaveValue('12 / 34');
    expect(card.cvc).toHaveValue('123');

    // A digit corrected in the middle keeps the caret where it was typed.
    await user.type(card.number, '{Backspace}', {
      initialSelectionStart: 6,
      initialSelectionEnd: 6,
    });
    await user.keyboard('9');
    expect(card.number).toHaveValue('4242 9242 4242 4242');
  });

  it('shows a declined card in red under the form, and records nothing', async () => {
    const { server } = paymentsServer();
    const { user, onPaid } = renderCheckout();
    const card = await cardForm();
    await vi.waitFor(() => expect(card.pay).toBeEnabled());
    await typeCard(user, card, '4000000000000002');
    await user.click(card.pay);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(alert).toHaveClass('text-error');
    // Read out at once, and the keyboard goes on from there (not from the Pay button).
    expect(alert).toHaveFocus();
    const [confirmation] = callsTo(server.requests, 'POST', CONFIRM_URL);
    expect(confirmation?.body).toEqual({
      clientSecret: CLIENT_SECRET,
      cardNumber: '4000 0000 0000 0002',
      expiry: '12 / 34',
      cvc: '123',
    });
    expect(callsTo(server.requests, 'PATCH', RECORD_URL)).toHaveLength(0);
    expect(screen.queryByText('payment is complete')).not.toBeInTheDocument();
    expect(onPaid).not.toHaveBeenCalled();
    // The customer may try another card with the same intent.
    expect(card.pay).toBeEnabled();
  });

  it("records a successful payment, says 'payment is complete' with the transaction id, and leads back", async () => {
    let answerConfirm: (response: Response) => void = () => undefined;
    const { server } = paymentsServer({
      confirm: () => new Promise<Response>((resolve) => (answerConfirm = resolve)),
    });
    const { user, onPaid } = renderCheckout();
    const card = await cardForm();
    await vi.waitFor(() => expect(card.pay).toBeEnabled());
    await typeCard(user, card, '4242424242424242');
    await user.click(card.pay);

    // While paying: a spinner on the button, which cannot be pressed again.
    const paying = screen.getByRole('button', { name: 'Paying' });
    expect(paying).toBeDisabled();
    expect(paying).toHaveAttribute('aria-busy', 'true');
    answerConfirm(jsonResponse({ status: 'succeeded', transectionId: TRANSACTION_ID }));

    const complete = await screen.findByRole('heading', { name: 'payment is complete' });
    expect(complete).toHaveFocus();
    expect(screen.getByText(TRANSACTION_ID)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Orders' })).toHaveAttribute(
      'href',
      '/dashborad/orders',
    );
    const [recording] = callsTo(server.requests, 'PATCH', RECORD_URL);
    expect(recording?.body).toEqual({ order: ORDER_ID, transectionId: TRANSACTION_ID });
    expect(recording?.headers.get('Authorization')).toBe('Bearer token-0');
    expect(onPaid).toHaveBeenCalledWith(
      expect.objectContaining({ _id: ORDER_ID, status: 'paid', transectionId: TRANSACTION_ID }),
    );
    // No second payment: the form is gone.
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
    expect(callsTo(server.requests, 'POST', INTENT_URL)).toHaveLength(1);
  });

  it('records again without charging the card again when the recording failed', async () => {
    let recordings = 0;
    const { server } = paymentsServer({
      record: ({ body }) => {
        recordings += 1;
        if (recordings === 1) {
          return jsonResponse(
            {
              message: 'The card payment service did not answer. Please try again.',
              statusCode: 502,
            },
            502,
          );
        }
        const { transectionId } = body as { transectionId: string };
        return jsonResponse({
          acknowledged: true,
          modifiedCount: 1,
          order: makeOrder({ paid: true, status: 'paid', transectionId }),
        });
      },
    });
    const { user } = renderCheckout();
    const card = await cardForm();
    await vi.waitFor(() => expect(card.pay).toBeEnabled());
    await typeCard(user, card, '4242424242424242');
    await user.click(card.pay);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The card payment service did not answer. Please try again.',
    );

    await user.click(card.pay);
    expect(await screen.findByText('payment is complete')).toBeInTheDocument();
    expect(callsTo(server.requests, 'POST', CONFIRM_URL)).toHaveLength(1);
    expect(callsTo(server.requests, 'PATCH', RECORD_URL)).toHaveLength(2);
  });

  it("shows a paid order's 'panding' state and transaction id, with no card form and no intent", async () => {
    const { server } = paymentsServer({
      order: makeOrder({ paid: true, status: 'paid', transectionId: 'pi_paid_before' }),
    });
    renderCheckout();
    expect(await screen.findByText('This order is paid.')).toBeInTheDocument();
    expect(screen.getByText('panding')).toBeInTheDocument();
    expect(screen.getByText('pi_paid_before')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Orders' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
    expect(callsTo(server.requests, 'POST', INTENT_URL)).toHaveLength(0);
  });

  it("says when the order is not the caller's, with the way back", async () => {
    paymentsServer().fetchMock.mockImplementation(async (input: RequestInfo | URL) =>
      input.toString() === PAY_ORDER_URL
        ? jsonResponse({ message: 'Order not found', statusCode: 404 }, 404)
        : jsonResponse(null),
    );
    renderCheckout();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Order not found');
    expect(within(alert).getByRole('link', { name: 'Back to My Orders' })).toBeInTheDocument();
    expect(within(alert).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
  });

  it('offers to ask again when the order could not be read', async () => {
    let reads = 0;
    paymentsServer().fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = input.toString();
      if (url !== PAY_ORDER_URL) return jsonResponse({ gateway: 'test', publishableKey: null });
      reads += 1;
      return reads === 1
        ? jsonResponse({ message: 'Internal Server Error', statusCode: 500 }, 500)
        : jsonResponse(makeOrder());
    });
    const { user } = renderCheckout();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Internal Server Error');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Your order' })).toBeInTheDocument();
  });

  it("shows the server's refusal of the intent in words, with the way back and no form", async () => {
    paymentsServer({
      intent: () =>
        jsonResponse(
          {
            message: 'The total of this order is $2600. Please reload the page and try again.',
            statusCode: 409,
          },
          409,
        ),
    });
    renderCheckout();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The total of this order is $2600. Please reload the page and try again.',
    );
    expect(within(alert).getByRole('link', { name: 'Back to My Orders' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
  });
});
