import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  IDEMPOTENCY_KEY_HEADER,
  routes,
  texts,
  type CartLine,
  type CheckoutInput,
  type Spending,
} from '@tools-factory/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeIdentityServer, maria } from '../../../test/identity';
import { callsTo, type ApiRequest } from '../../../test/fake-api';
import {
  hammer,
  makeCart as makeCartOf,
  makeCartLine,
  makeOrder,
  pliers,
} from '../../../test/factories';
import { jsonResponse, renderRoutes } from '../../../test/render';
import type { ShipToChoice } from '../components/checkout-form';
import type { AccountTerms } from '../components/payment-choice';
import CartPage from './cart-page';

const SITE_ID = '5a4b3c2d-1111-4222-8333-444455556666';
const DEPOT_ID = '5a4b3c2d-1111-4222-8333-444455557777';
const site = {
  _id: SITE_ID,
  label: 'North site',
  name: 'Ana Ruiz',
  address: '4 Quarry Lane\nLeeds LS1 4AB',
  phone: '+44 113 555 0101',
};
const depot = {
  _id: DEPOT_ID,
  label: 'Depot',
  name: 'Ben Cole',
  address: '9 Dock Road',
  phone: '',
};

const words = texts.cart.page;
const CHECKOUT_ID = '7e6d5c4b-3333-4444-8555-666677778888';

const hammerLine = makeCartLine();
const pliersLine = makeCartLine({
  toolId: pliers._id,
  sku: pliers.sku,
  name: pliers.name,
  quantity: 120,
  unitPrice: 8.5,
  lineTotal: 1020,
  addedUnitPrice: 8.99,
  minOrderQuantity: 150,
  problems: [
    { code: 'belowMinimum', message: texts.cart.problems.belowMinimum(150) },
    { code: 'priceChanged', message: texts.cart.problems.priceChanged(8.99, 8.5) },
  ],
});

/**
 * The cart as the cart module answers it: PUT sets a line (re-priced at the hammer's $12.50, the
 * pliers' problems gone once the quantity is above their minimum), DELETE removes one or all;
 * POST /api/checkout answers `checkout` (placed unless told). Shipping is free unless told.
 */
function cartServer({
  lines = [hammerLine, pliersLine],
  checkout,
  shipping,
}: {
  lines?: CartLine[];
  checkout?: (request: ApiRequest) => Response;
  shipping?: Parameters<typeof makeCartOf>[1];
} = {}) {
  let held = [...lines];
  const makeCart = (cartLines: CartLine[]) => makeCartOf(cartLines, shipping);
  const { server } = fakeIdentityServer({
    user: maria,
    answer: (request) => {
      const { method, url, body } = request;
      if (method === 'GET' && url === '/api/cart') return jsonResponse(makeCart(held));
      if (method === 'DELETE' && url === '/api/cart') {
        held = [];
        return jsonResponse(makeCart(held));
      }
      const toolId = url.startsWith('/api/cart/lines/') ? url.split('/').pop() : undefined;
      if (method === 'PUT' && toolId) {
        const { quantity } = body as { quantity: number };
        held = held.map((shown) =>
          shown.toolId === toolId
            ? {
                ...shown,
                quantity,
                lineTotal: (shown.unitPrice ?? 0) * quantity,
                addedUnitPrice: shown.unitPrice ?? 0,
                problems: [],
              }
            : shown,
        );
        return jsonResponse(makeCart(held));
      }
      if (method === 'DELETE' && toolId) {
        held = held.filter((shown) => shown.toolId !== toolId);
        return jsonResponse(makeCart(held));
      }
      if (method === 'POST' && url === '/api/checkout') {
        if (checkout) return checkout(request);
        held = [];
        return jsonResponse(
          {
            checkout: {
              _id: CHECKOUT_ID,
              reference: 'CO-7E6D5C4B',
              poNumber: 'PO-4471',
              address: '12 Harbour Road',
              phone: '',
              createdAt: '2026-11-27T02:00:00.000Z',
              status: 'unpaid',
              shipping: 0,
              shippingRefunded: 0,
              total: 1875,
              tax: { mode: 'included', rate: 0, amount: 0 },
              lines: [],
            },
            priceChanges: [],
            message: null,
          },
          201,
        );
      }
      return undefined;
    },
  });
  return server;
}

function renderCart(spending?: Spending, shipTo?: ShipToChoice, account?: AccountTerms) {
  return renderRoutes(
    [
      {
        path: routes.cart,
        element: <CartPage spending={spending} shipTo={shipTo} account={account} />,
      },
      { path: routes.dashboardCheckoutPayment(':id'), element: <h1>Pay the checkout</h1> },
      { path: routes.dashboardOrders, element: <h1>My Orders</h1> },
    ],
    { route: routes.cart },
  );
}

/** A company buyer's $2,000 limit this month, `left` of it still to spend. */
const spendingOf = (left: number): Spending => ({
  month: '2026-11',
  monthlyLimit: 2000,
  spent: 2000 - left,
  left,
});

/** A company on Net 30 days, $5,000 of credit, $3,800 of it left (issue 45). */
const onAccount = (
  terms: Partial<AccountTerms['terms']> = {},
  credit: Partial<NonNullable<AccountTerms['credit']>> = {},
): AccountTerms => ({
  terms: {
    paymentTermsDays: 30,
    creditLimit: 5000,
    poNumberRequired: false,
    taxExempt: false,
    ...terms,
  },
  credit: { openBalance: 1200, creditLeft: 3800, overdue: false, ...credit },
});

/** POST /api/checkout's answer for a checkout placed on account (issue 45). */
const invoicedCheckout = () =>
  jsonResponse(
    {
      checkout: {
        _id: CHECKOUT_ID,
        reference: 'CO-7E6D5C4B',
        poNumber: 'PO-4471',
        companyName: '',
        taxNumber: '',
        address: '12 Harbour Road',
        phone: '',
        createdAt: '2026-11-27T02:00:00.000Z',
        status: 'invoiced',
        shipping: 0,
        shippingRefunded: 0,
        total: 1875,
        tax: { mode: 'included', rate: 0, amount: 0 },
        lines: [makeOrder({ checkoutId: CHECKOUT_ID, status: 'invoiced', quantity: 150 })],
      },
      priceChanges: [],
      message: null,
    },
    201,
  );

const lineOf = (name: string) => within(screen.getByRole('listitem', { name }));

describe('CartPage', () => {
  beforeEach(() => {
    localStorage.setItem('accessToken', 'token-0');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows each line (SKU, quantity, unit price, line total) with its problems in words, and the total', async () => {
    cartServer();
    renderCart();
    const hammer = await screen.findByRole('listitem', { name: 'Claw Hammer' });
    expect(hammer).toHaveTextContent('HM-CLAW-16');
    expect(within(hammer).getByLabelText('Quantity of Claw Hammer')).toHaveValue('150');
    expect(hammer).toHaveTextContent('$12.50');
    expect(hammer).toHaveTextContent('$1,875.00');

    const pliers = lineOf('Slip-joint Pliers');
    const problems = within(pliers.getByRole('list')).getAllByRole('listitem');
    expect(problems.map((problem) => problem.textContent)).toEqual([
      texts.cart.problems.belowMinimum(150),
      texts.cart.problems.priceChanged(8.99, 8.5),
    ]);
    // Red for what stops the checkout, amber for a price that changed.
    expect(problems[0]).toHaveClass('alert-error');
    expect(problems[1]).not.toHaveClass('alert-error');

    expect(screen.getByText(words.total).nextElementSibling).toHaveTextContent('$2,895.00');
    expect(screen.getByRole('status')).toHaveTextContent(words.fixFirst);
  });

  it("lets a keyboard skip every line's fields to the checkout form", async () => {
    cartServer();
    renderCart();
    await screen.findByRole('listitem', { name: 'Claw Hammer' });
    const user = userEvent.setup();
    await user.tab();
    const skip = screen.getByRole('link', { name: words.skipToCheckout });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText(texts.purchase.address)).toHaveFocus();
  });

  it('saves a quantity when the field is left, and shows the line as the cart answers it', async () => {
    const server = cartServer();
    renderCart();
    const user = userEvent.setup();
    const quantity = await screen.findByLabelText('Quantity of Slip-joint Pliers');
    await user.clear(quantity);
    await user.type(quantity, '200');
    await user.tab();

    await vi.waitFor(() =>
      expect(lineOf('Slip-joint Pliers').queryByRole('list')).not.toBeInTheDocument(),
    );
    const puts = callsTo(server.requests, 'PUT', `/api/cart/lines/${pliers._id}`);
    expect(puts.map((request) => request.body)).toEqual([{ quantity: 200 }]);
    expect(screen.getByText(words.total).nextElementSibling).toHaveTextContent('$3,575.00');
    expect(screen.queryByText(words.fixFirst)).not.toBeInTheDocument();
  });

  it('tells a quantity that is not a whole number under its field and sends nothing', async () => {
    const server = cartServer();
    renderCart();
    const user = userEvent.setup();
    const quantity = await screen.findByLabelText('Quantity of Claw Hammer');
    await user.clear(quantity);
    await user.type(quantity, '12.5{Enter}');
    expect(quantity).toHaveAccessibleDescription(texts.fieldErrors.notWhole('quantity'));
    expect(server.requests.filter((request) => request.method === 'PUT')).toEqual([]);
  });

  it('removes a line, and empties the cart once confirmed', async () => {
    const server = cartServer();
    renderCart();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: words.removeLabel('Slip-joint Pliers') }),
    );
    await vi.waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Slip-joint Pliers' })).not.toBeInTheDocument(),
    );
    expect(callsTo(server.requests, 'DELETE', `/api/cart/lines/${pliers._id}`)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: words.emptyCart }));
    const dialog = await screen.findByRole('dialog', { name: words.emptyCartTitle });
    await user.click(within(dialog).getByRole('button', { name: words.emptyCart }));
    expect(await screen.findByText(words.empty)).toBeInTheDocument();
    expect(callsTo(server.requests, 'DELETE', '/api/cart')).toHaveLength(1);
  });

  it('checks out with the total shown and an Idempotency-Key, then goes to the payment page', async () => {
    const server = cartServer({ lines: [hammerLine] });
    renderCart();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Address'), '12 Harbour Road');
    await user.type(screen.getByLabelText(texts.checkout.poNumber), 'PO-4471');
    // For the invoice (issue 42): the company and its tax number as typed.
    await user.type(screen.getByLabelText(texts.checkout.companyName), 'Harbour Tools Ltd');
    await user.type(screen.getByLabelText(texts.checkout.taxNumber), 'BD-88210');
    await user.click(screen.getByRole('button', { name: /Check out, \$1,875\.00/ }));

    expect(await screen.findByRole('heading', { name: 'Pay the checkout' })).toBeInTheDocument();
    const [sent] = callsTo(server.requests, 'POST', '/api/checkout');
    expect(sent?.body).toEqual({
      address: '12 Harbour Road',
      phone: '',
      poNumber: 'PO-4471',
      companyName: 'Harbour Tools Ltd',
      taxNumber: 'BD-88210',
      expectedTotal: 1875,
      payment: 'card',
    } satisfies CheckoutInput);
    expect(sent?.headers.get(IDEMPOTENCY_KEY_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the goods, the shipping and the total, nudges to cheaper shipping, and checks out at that total (issue 42)', async () => {
    const server = cartServer({
      lines: [hammerLine],
      shipping: { shipping: 25, cheaperShipping: { more: 125, charge: 0 } },
    });
    renderCart();
    await screen.findByRole('listitem', { name: 'Claw Hammer' });
    expect(screen.getByText(texts.shipping.subtotal).nextElementSibling).toHaveTextContent(
      '$1,875.00',
    );
    expect(screen.getByText(texts.shipping.line).nextElementSibling).toHaveTextContent('$25.00');
    expect(screen.getByText(words.total).nextElementSibling).toHaveTextContent('$1,900.00');
    expect(screen.getByText('Add $125.00 more for free shipping.')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Address'), '12 Harbour Road');
    await user.click(screen.getByRole('button', { name: /Check out, \$1,900\.00/ }));
    expect(await screen.findByRole('heading', { name: 'Pay the checkout' })).toBeInTheDocument();
    const [sent] = callsTo(server.requests, 'POST', '/api/checkout');
    expect(sent?.body).toMatchObject({ expectedTotal: 1900 });
  });

  it('says free shipping is free, with no nudge', async () => {
    cartServer({ lines: [hammerLine] });
    renderCart();
    await screen.findByRole('listitem', { name: 'Claw Hammer' });
    expect(screen.getByText(texts.shipping.line).nextElementSibling).toHaveTextContent(
      texts.shipping.free,
    );
    expect(screen.queryByText(/more for free shipping/)).not.toBeInTheDocument();
  });

  it('says shipping quoted after ordering, and what happens then', async () => {
    cartServer({ lines: [hammerLine], shipping: { shipping: null } });
    renderCart();
    await screen.findByRole('listitem', { name: 'Claw Hammer' });
    expect(screen.getByText(texts.shipping.line).nextElementSibling).toHaveTextContent(
      texts.shipping.quoted,
    );
    expect(screen.getByText(texts.shipping.quotedHint)).toBeInTheDocument();
    expect(screen.getByText(words.total).nextElementSibling).toHaveTextContent('$1,875.00');
  });

  it("shows a refused checkout's reason, and each failing line's on its line", async () => {
    const refusal = {
      message: texts.checkout.errors.linesRefused,
      statusCode: 409,
      lines: [
        { toolId: hammer._id, sku: hammer.sku, message: texts.cart.problems.aboveAvailable(90) },
      ],
    };
    cartServer({ lines: [hammerLine], checkout: () => jsonResponse(refusal, 409) });
    renderCart();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Address'), '12 Harbour Road');
    await user.click(screen.getByRole('button', { name: /Check out/ }));

    expect(await screen.findByRole('alert')).toHaveTextContent(texts.checkout.errors.linesRefused);
    expect(lineOf('Claw Hammer').getByText(texts.cart.problems.aboveAvailable(90))).toHaveClass(
      'alert-error',
    );
  });

  it("says what is left of a company buyer's monthly limit, without a warning while the goods fit (issue 44)", async () => {
    cartServer({ lines: [hammerLine], shipping: { shipping: 25 } });
    // $1,875.00 of goods, $1,880.00 left: the shipping is not counted against the limit.
    renderCart(spendingOf(1880));
    await screen.findByRole('listitem', { name: 'Claw Hammer' });
    expect(screen.getByText(texts.spending.left('$1,880.00', '$2,000.00'))).toBeInTheDocument();
    expect(screen.queryByText(texts.spending.overLimit('$1,880.00'))).not.toBeInTheDocument();
  });

  it('warns before the checkout of goods over what is left, which then waits in My Orders (issue 44)', async () => {
    cartServer({
      lines: [hammerLine],
      checkout: () =>
        jsonResponse(
          {
            checkout: {
              _id: CHECKOUT_ID,
              reference: 'CO-7E6D5C4B',
              poNumber: '',
              companyName: '',
              taxNumber: '',
              address: '12 Harbour Road',
              phone: '',
              createdAt: '2026-11-27T02:00:00.000Z',
              status: 'awaitingApproval',
              shipping: 0,
              shippingRefunded: 0,
              total: 1875,
              tax: { mode: 'included', rate: 0, amount: 0 },
              lines: [
                makeOrder({ checkoutId: CHECKOUT_ID, status: 'awaiting_approval', quantity: 150 }),
              ],
            },
            priceChanges: [],
            message: null,
          },
          201,
        ),
    });
    renderCart(spendingOf(300));
    await screen.findByRole('listitem', { name: 'Claw Hammer' });
    expect(screen.getByText(texts.spending.left('$300.00', '$2,000.00'))).toBeInTheDocument();
    const form = within(screen.getByRole('form', { name: texts.cart.checkout.title }));
    const warning = form.getByText(texts.spending.overLimit('$300.00'));
    expect(warning).toHaveClass('alert-warning');
    // Before the button, where the buyer reads on to it.
    const button = form.getByRole('button', { name: /Check out/ });
    expect(warning.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Address'), '12 Harbour Road');
    await user.click(button);
    expect(await screen.findByRole('heading', { name: 'My Orders' })).toBeInTheDocument();
    expect(
      await screen.findByText(texts.checkout.placedAwaitingApproval('CO-7E6D5C4B')),
    ).toBeInTheDocument();
  });

  it("offers the company's ship-to addresses, fills the address from the one chosen and sends it (issue 44)", async () => {
    const server = cartServer({ lines: [hammerLine] });
    renderCart(undefined, { addresses: [site, depot], locked: false });
    const user = userEvent.setup();
    const select = await screen.findByLabelText(texts.shipTo.shipTo);
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      texts.shipTo.option('North site', 'Ana Ruiz', '4 Quarry Lane'),
      texts.shipTo.option('Depot', 'Ben Cole', '9 Dock Road'),
      texts.shipTo.another,
    ]);
    // Another address to begin with: typed as ever.
    expect(select).toHaveValue('');
    expect(screen.getByLabelText('Address')).not.toHaveAttribute('readonly');

    await user.selectOptions(select, SITE_ID);
    expect(screen.getByLabelText('Address')).toHaveValue('Ana Ruiz\n4 Quarry Lane\nLeeds LS1 4AB');
    expect(screen.getByLabelText('Address')).toHaveAttribute('readonly');
    expect(screen.getByLabelText(texts.purchase.phone)).toHaveValue('+44 113 555 0101');
    await user.click(screen.getByRole('button', { name: /Check out, \$1,875\.00/ }));

    expect(await screen.findByRole('heading', { name: 'Pay the checkout' })).toBeInTheDocument();
    const [sent] = callsTo(server.requests, 'POST', '/api/checkout');
    expect(sent?.body).toMatchObject({
      shipToId: SITE_ID,
      address: 'Ana Ruiz\n4 Quarry Lane\nLeeds LS1 4AB',
      phone: '+44 113 555 0101',
    });
  });

  it('empties the fields for another address, and sends no ship-to address then (issue 44)', async () => {
    const server = cartServer({ lines: [hammerLine] });
    renderCart(undefined, { addresses: [site], locked: false });
    const user = userEvent.setup();
    const select = await screen.findByLabelText(texts.shipTo.shipTo);
    await user.selectOptions(select, SITE_ID);
    await user.selectOptions(select, '');
    const address = screen.getByLabelText('Address');
    expect(address).toHaveValue('');
    expect(address).not.toHaveAttribute('readonly');
    await user.type(address, '12 Harbour Road');
    await user.click(screen.getByRole('button', { name: /Check out, \$1,875\.00/ }));

    expect(await screen.findByRole('heading', { name: 'Pay the checkout' })).toBeInTheDocument();
    const [sent] = callsTo(server.requests, 'POST', '/api/checkout');
    expect(sent?.body).not.toHaveProperty('shipToId');
    expect(sent?.body).toMatchObject({ address: '12 Harbour Road' });
  });

  it("offers only the company's addresses when it locked them, the first chosen (issue 44)", async () => {
    cartServer({ lines: [hammerLine] });
    renderCart(undefined, { addresses: [site, depot], locked: true });
    const select = await screen.findByLabelText(texts.shipTo.shipTo);
    expect(within(select).queryByRole('option', { name: texts.shipTo.another })).toBeNull();
    expect(select).toHaveValue(SITE_ID);
    expect(screen.getByLabelText('Address')).toHaveValue('Ana Ruiz\n4 Quarry Lane\nLeeds LS1 4AB');
  });

  it('tells a buyer of a company that locked an empty list to ask an admin (issue 44)', async () => {
    cartServer({ lines: [hammerLine] });
    renderCart(undefined, { addresses: [], locked: true });
    expect(await screen.findByText(texts.shipTo.lockedNone)).toBeInTheDocument();
    expect(screen.queryByLabelText(texts.shipTo.shipTo)).toBeNull();
  });

  it('says an empty cart is empty, with the ways to fill it', async () => {
    cartServer({ lines: [] });
    renderCart();
    expect(await screen.findByText(words.empty)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: words.quickOrder })).toHaveAttribute(
      'href',
      routes.dashboardQuickOrder,
    );
    expect(screen.queryByRole('button', { name: /Check out/ })).not.toBeInTheDocument();
  });

  describe('paying on account (issue 45)', () => {
    const payment = () => screen.getByRole('group', { name: texts.onAccount.payment });

    it('offers no payment choice to a buyer of a company without payment terms', async () => {
      cartServer({ lines: [hammerLine] });
      renderCart(undefined, undefined, {
        ...onAccount({ paymentTermsDays: null }),
        credit: null,
      });
      await screen.findByRole('listitem', { name: 'Claw Hammer' });
      expect(screen.queryByRole('group', { name: texts.onAccount.payment })).toBeNull();
      expect(screen.queryByLabelText(texts.onAccount.onAccount(30))).toBeNull();
    });

    it('offers card (chosen) or on account with the credit left, and checks out on account to My Orders', async () => {
      const server = cartServer({ lines: [hammerLine], checkout: invoicedCheckout });
      renderCart(undefined, undefined, onAccount());
      await screen.findByRole('listitem', { name: 'Claw Hammer' });
      const choice = within(payment());
      expect(choice.getByLabelText(texts.onAccount.byCard)).toBeChecked();
      const account = choice.getByLabelText(texts.onAccount.onAccount(30));
      expect(account).not.toBeChecked();
      expect(account).toHaveAccessibleDescription(texts.onAccount.creditLeft('$3,800.00'));

      const user = userEvent.setup();
      await user.click(account);
      await user.type(screen.getByLabelText('Address'), '12 Harbour Road');
      await user.type(screen.getByLabelText(texts.checkout.poNumber), 'PO-4471');
      await user.click(screen.getByRole('button', { name: /Check out, \$1,875\.00/ }));

      expect(await screen.findByRole('heading', { name: 'My Orders' })).toBeInTheDocument();
      expect(await screen.findByText(texts.onAccount.placed('CO-7E6D5C4B'))).toBeInTheDocument();
      const [sent] = callsTo(server.requests, 'POST', '/api/checkout');
      expect(sent?.body).toMatchObject({ poNumber: 'PO-4471', payment: 'account' });
    });

    it("requires the PO number when the company asks for one, in the server's words", async () => {
      const server = cartServer({ lines: [hammerLine], checkout: invoicedCheckout });
      renderCart(undefined, undefined, onAccount({ poNumberRequired: true }));
      const po = await screen.findByLabelText(texts.onAccount.poNumberRequired);
      expect(po).toHaveAttribute('aria-required', 'true');

      const user = userEvent.setup();
      await user.click(within(payment()).getByLabelText(texts.onAccount.onAccount(30)));
      await user.type(screen.getByLabelText('Address'), '12 Harbour Road');
      await user.click(screen.getByRole('button', { name: /Check out/ }));
      expect(await screen.findByText(texts.checkout.errors.poNumberRequired)).toBeInTheDocument();
      expect(po).toHaveFocus();
      expect(callsTo(server.requests, 'POST', '/api/checkout')).toEqual([]);

      await user.type(po, 'PO-4471');
      await user.click(screen.getByRole('button', { name: /Check out/ }));
      expect(await screen.findByRole('heading', { name: 'My Orders' })).toBeInTheDocument();
      expect(callsTo(server.requests, 'POST', '/api/checkout')).toHaveLength(1);
    });

    it("shows the server's refusal over the credit limit, and keeps the cart", async () => {
      const message = texts.checkout.errors.overCreditLimit(1875, 300);
      cartServer({
        lines: [hammerLine],
        checkout: () => jsonResponse({ message, statusCode: 409 }, 409),
      });
      renderCart(undefined, undefined, onAccount({}, { creditLeft: 300 }));
      await screen.findByRole('listitem', { name: 'Claw Hammer' });
      const user = userEvent.setup();
      await user.click(within(payment()).getByLabelText(texts.onAccount.onAccount(30)));
      await user.type(screen.getByLabelText('Address'), '12 Harbour Road');
      await user.click(screen.getByRole('button', { name: /Check out/ }));

      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(screen.getByRole('listitem', { name: 'Claw Hammer' })).toBeInTheDocument();
    });

    it('pauses on account while an invoice of the company is overdue, and checks out by card', async () => {
      const server = cartServer({ lines: [hammerLine] });
      renderCart(undefined, undefined, onAccount({}, { overdue: true }));
      await screen.findByRole('listitem', { name: 'Claw Hammer' });
      const choice = within(payment());
      expect(choice.getByLabelText(texts.onAccount.onAccount(30))).toBeDisabled();
      expect(choice.getByLabelText(texts.onAccount.byCard)).toBeChecked();
      expect(choice.getByText(texts.onAccount.overdue)).toHaveClass('alert-warning');

      const user = userEvent.setup();
      await user.type(screen.getByLabelText('Address'), '12 Harbour Road');
      await user.click(screen.getByRole('button', { name: /Check out/ }));
      expect(await screen.findByRole('heading', { name: 'Pay the checkout' })).toBeInTheDocument();
      const [sent] = callsTo(server.requests, 'POST', '/api/checkout');
      expect(sent?.body).toMatchObject({ payment: 'card' });
    });
  });
});
