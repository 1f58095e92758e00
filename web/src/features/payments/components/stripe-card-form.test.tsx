import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StripeCardElementChangeEvent } from '@stripe/stripe-js';
import { useEffect, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { maria } from '../../../test/identity';
import { callsTo } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import {
  CLIENT_SECRET,
  CONFIRM_URL,
  ORDER_ID,
  paymentsServer,
  RECORD_URL,
} from '../test/payments-server';
import { PaymentCheckout } from './payment-checkout';

// Stripe.js and Elements stand-ins: Stripe's card field is an iframe that jsdom cannot run. The
// fake card field hands its callbacks to the test, which plays Stripe's part.
const stripe = vi.hoisted(() => ({
  loadStripe: vi.fn(),
  confirmCardPayment: vi.fn(),
  card: { elementType: 'card' },
  cardField: null as null | {
    onReady?: () => void;
    onChange?: (event: Pick<StripeCardElementChangeEvent, 'error'>) => void;
  },
}));

vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripe.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => children,
  CardElement: function FakeCardElement(props: NonNullable<typeof stripe.cardField>) {
    useEffect(() => {
      stripe.cardField = props;
    });
    return <div data-testid="stripe-card-field" />;
  },
  useStripe: () => ({ confirmCardPayment: stripe.confirmCardPayment }),
  useElements: () => ({ getElement: () => stripe.card }),
}));

let keyCount = 0;

function renderStripeCheckout() {
  // A new key each time: the form keeps one Stripe.js per key for the whole visit.
  keyCount += 1;
  const publishableKey = `pk_test_${keyCount}`;
  const { server } = paymentsServer({ settings: { gateway: 'stripe', publishableKey } });
  const user = userEvent.setup();
  renderWithProviders(
    <PaymentCheckout
      orderId={ORDER_ID}
      payer={{ name: maria.name, email: maria.email }}
      onPaid={vi.fn()}
    />,
  );
  return { server, user, publishableKey };
}

async function readyCardField() {
  await screen.findByTestId('stripe-card-field');
  act(() => stripe.cardField?.onReady?.());
}

describe('StripeCardForm (the stripe gateway)', () => {
  beforeEach(() => {
    localStorage.setItem('accessToken', 'token-0');
    stripe.loadStripe.mockResolvedValue({ stripe: true });
    stripe.cardField = null;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
    localStorage.clear();
  });

  it("loads Stripe.js with the server's key and keeps Pay disabled until the card field is ready", async () => {
    const { publishableKey } = renderStripeCheckout();
    await screen.findByTestId('stripe-card-field');
    expect(stripe.loadStripe).toHaveBeenCalledWith(publishableKey);
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    const pay = screen.getByRole('button', { name: 'Pay' });
    expect(pay).toBeDisabled();
    act(() => stripe.cardField?.onReady?.());
    await vi.waitFor(() => expect(pay).toBeEnabled());
  });

  it("shows Stripe's words for a card being typed wrong, in red", async () => {
    renderStripeCheckout();
    await readyCardField();
    act(() =>
      stripe.cardField?.onChange?.({
        error: {
          type: 'validation_error',
          code: 'incomplete_number',
          message: 'Your card number is incomplete.',
        },
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your card number is incomplete.');
    expect(alert).toHaveClass('text-error');
    expect(alert).not.toHaveFocus();
  });

  it("shows a refused card in Stripe's words, and records nothing", async () => {
    stripe.confirmCardPayment.mockResolvedValue({
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    const { server, user } = renderStripeCheckout();
    await readyCardField();
    const pay = screen.getByRole('button', { name: 'Pay' });
    await vi.waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your card was declined.');
    // The refusal takes the focus (a typing error, above, never does).
    expect(alert).toHaveFocus();
    expect(callsTo(server.requests, 'PATCH', RECORD_URL)).toHaveLength(0);
  });

  it('confirms with the client secret and the billing name and e-mail, then records the intent id', async () => {
    stripe.confirmCardPayment.mockResolvedValue({
      paymentIntent: { id: 'pi_stripe_42', status: 'succeeded' },
    });
    const { server, user } = renderStripeCheckout();
    await readyCardField();
    const pay = screen.getByRole('button', { name: 'Pay' });
    await vi.waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);

    expect(await screen.findByText('payment is complete')).toBeInTheDocument();
    expect(screen.getByText('pi_stripe_42')).toBeInTheDocument();
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith(CLIENT_SECRET, {
      payment_method: {
        card: stripe.card,
        billing_details: { name: maria.name, email: maria.email },
      },
    });
    const [recording] = callsTo(server.requests, 'PATCH', RECORD_URL);
    expect(recording?.body).toEqual({ order: ORDER_ID, transectionId: 'pi_stripe_42' });
    // The test gateway is not involved.
    expect(callsTo(server.requests, 'POST', CONFIRM_URL)).toHaveLength(0);
  });

  it('says so when Stripe.js cannot be loaded', async () => {
    stripe.loadStripe.mockRejectedValue(new Error('Failed to load Stripe.js'));
    renderStripeCheckout();
    expect(
      await screen.findByText('The card form could not be loaded. Please reload the page.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
  });
});
