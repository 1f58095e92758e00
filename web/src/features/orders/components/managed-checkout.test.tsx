import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  checkoutReference,
  serverTexts,
  texts,
  type CancelCheckoutResponse,
  type ManagedCheckout,
  type ShipmentResponse,
} from '@tools-factory/contract';
import { describe, expect, it } from 'vitest';
import { callsTo } from '../../../test/fake-api';
import { fakeIdentityServer } from '../../../test/identity';
import { jsonResponse, renderRoutes } from '../../../test/render';
import { signedInForEachTest } from '../../../test/signed-in';
import { managedOrder, managedOrdersServer, paidManagedOrder } from '../test/managed-orders-server';
import { ManagedCheckoutView } from './managed-checkout';

const CHECKOUT = '66666666-6666-4666-8666-666666666666';
const words = texts.shipments;

const wrench = paidManagedOrder({
  _id: '21111111-1111-4111-8111-111111111111',
  checkoutId: CHECKOUT,
  name: 'Pipe Wrench',
  quantity: 20,
});
const file = paidManagedOrder({
  _id: '31111111-1111-4111-8111-111111111111',
  checkoutId: CHECKOUT,
  name: 'Metal File',
  quantity: 300,
});

const checkout: ManagedCheckout = {
  _id: CHECKOUT,
  reference: checkoutReference(CHECKOUT),
  poNumber: 'PO-4471',
  email: wrench.email,
  address: wrench.address,
  phone: '',
  createdAt: wrench.createdAt,
  shipping: 0,
  shippingRefunded: 0,
  lines: [wrench, file],
  shipments: [],
};

function serve(answer: (body: unknown) => Response) {
  return fakeIdentityServer({
    answer: ({ method, url, body }) => {
      if (method === 'GET' && url === `/api/manageCheckouts/${CHECKOUT}`) {
        return jsonResponse(checkout);
      }
      if (method === 'POST' && url === `/api/manageCheckouts/${CHECKOUT}/shipments`) {
        return answer(body);
      }
      return undefined;
    },
  }).server;
}

async function openDialog() {
  const user = userEvent.setup();
  renderRoutes([{ path: '/', element: <ManagedCheckoutView id={CHECKOUT} /> }]);
  await user.click(await screen.findByRole('button', { name: words.checkoutPage.ship }));
  const dialog = await screen.findByRole('dialog', {
    name: words.dialog.title(checkout.reference),
  });
  return { user, dialog };
}

describe("a checkout's page for admins (issue 42)", () => {
  signedInForEachTest();

  it('ships the chosen lines and quantities, with the carrier typed once', async () => {
    const server = serve(() =>
      jsonResponse(
        {
          shipment: {
            _id: '77777777-7777-4777-8777-777777777777',
            number: 'SH-00042',
            checkoutId: CHECKOUT,
            carrier: 'DHL',
            trackingNumber: null,
            trackingUrl: null,
            shippedAt: '2025-03-05T09:00:00.000Z',
            undoneAt: null,
            undoUntil: '2025-03-06T09:00:00.000Z',
            lines: [{ orderId: file._id, name: file.name, sku: file.sku, quantity: 120 }],
          },
          checkout,
        } satisfies ShipmentResponse,
        201,
      ),
    );
    const { user, dialog } = await openDialog();
    await user.click(
      within(dialog).getByRole('checkbox', { name: words.dialog.include('Pipe Wrench') }),
    );
    expect(within(dialog).getByLabelText(words.dialog.quantity('Pipe Wrench'))).toBeDisabled();
    const quantity = within(dialog).getByLabelText(words.dialog.quantity('Metal File'));
    expect(quantity).toHaveValue('300');
    await user.clear(quantity);
    await user.type(quantity, '120');
    await user.type(within(dialog).getByLabelText('Carrier (optional)'), 'DHL');
    await user.click(within(dialog).getByRole('button', { name: words.dialog.submit(1) }));

    expect(await screen.findByText(words.dialog.shipped('SH-00042'))).toBeInTheDocument();
    const [sent] = callsTo(server.requests, 'POST', `/api/manageCheckouts/${CHECKOUT}/shipments`);
    expect(sent?.body).toEqual({
      lines: [{ orderId: file._id, quantity: 120 }],
      carrier: 'DHL',
      trackingNumber: '',
    });
  });

  it('refuses, before sending, a quantity above what is left or no line at all', async () => {
    const server = serve(() => jsonResponse({}, 500));
    const { user, dialog } = await openDialog();
    const quantity = within(dialog).getByLabelText(words.dialog.quantity('Pipe Wrench'));
    await user.clear(quantity);
    await user.type(quantity, '21');
    await user.click(within(dialog).getByRole('button', { name: words.dialog.submit(2) }));
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText(/quantity/i, { selector: 'p' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('checkbox', { name: words.dialog.everything }));
    await user.click(within(dialog).getByRole('button', { name: words.dialog.submit(0) }));
    expect(await within(dialog).findByText(words.errors.noLines)).toBeInTheDocument();
    expect(
      callsTo(server.requests, 'POST', `/api/manageCheckouts/${CHECKOUT}/shipments`),
    ).toHaveLength(0);
  });
});

describe("a checkout's page for admins: its lines' refunds (issue 42)", () => {
  signedInForEachTest();

  it("shows each line's total and what went back of it, and refunds part of one line", async () => {
    const cancelled = { ...file, status: 'cancelled' as const, refunded: 6000 };
    const { server } = managedOrdersServer({ orders: [{ ...wrench, refunded: 40 }, cancelled] });
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <ManagedCheckoutView id={CHECKOUT} /> }]);
    const lines = within(await screen.findByRole('region', { name: words.checkoutPage.lines }));
    const [wrenchLine, fileLine] = lines.getAllByRole('listitem');
    expect(wrenchLine).toHaveTextContent('$400.00$40.00 refunded');
    // The files were cancelled and all of their $6,000.00 went back: 'refunded', nothing left.
    expect(fileLine).toHaveTextContent('$6,000.00$6,000.00 refunded');
    expect(within(fileLine!).getByText(texts.orders.refundedBadge)).toBeInTheDocument();
    expect(
      within(fileLine!).queryByRole('button', { name: texts.manageOrders.refund.open }),
    ).toBeNull();

    const refundPart = within(wrenchLine!).getByRole('button', {
      name: texts.manageOrders.refund.open,
    });
    expect(refundPart).toHaveAccessibleDescription('Pipe Wrench');
    await user.click(refundPart);
    const dialog = screen.getByRole('dialog', {
      name: texts.manageOrders.refund.title(wrench.reference),
    });
    expect(dialog).toHaveTextContent(`${texts.manageOrders.refund.left}$360.00`);
    await user.type(within(dialog).getByLabelText(texts.manageOrders.refund.amount), '60');
    await user.click(
      within(dialog).getByRole('button', { name: texts.manageOrders.refund.submit }),
    );

    expect(
      await screen.findByText(
        texts.manageOrders.refund.success('$60.00', wrench.reference, 'CN-2025-000001'),
      ),
    ).toBeInTheDocument();
    expect(
      callsTo(server.requests, 'POST', `/api/manageOrders/${wrench._id}/refunds`)[0]?.body,
    ).toEqual({ amount: 60 });
    expect(await within(wrenchLine!).findByText('$100.00 refunded')).toBeInTheDocument();
  });
});

describe("a checkout's page for admins: cancelling the whole checkout (issue 42)", () => {
  signedInForEachTest();

  /** The page of a checkout whose wrench had $40 back already; its Cancel checkout's answer. */
  function serveCancel() {
    const lines = [{ ...wrench, refunded: 40 }, file];
    return fakeIdentityServer({
      answer: ({ method, url }) => {
        if (method === 'GET' && url === `/api/manageCheckouts/${CHECKOUT}`) {
          return jsonResponse({ ...checkout, lines });
        }
        if (method === 'POST' && url === `/api/manageCheckouts/${CHECKOUT}/cancel`) {
          return jsonResponse({
            lines: lines.map((line) => ({ ...line, status: 'cancelled' })),
            creditNotes: [],
          } satisfies CancelCheckoutResponse);
        }
        return undefined;
      },
    }).server;
  }

  it('names the lines and what is left to refund, and cancels without a refund when unticked', async () => {
    const server = serveCancel();
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <ManagedCheckoutView id={CHECKOUT} /> }]);
    await user.click(await screen.findByRole('button', { name: words.checkoutPage.cancel }));
    const dialog = await screen.findByRole('dialog', { name: words.checkoutPage.cancelTitle });
    // $400 - $40 of the wrenches and $6,000 of the files.
    expect(dialog).toHaveTextContent(words.checkoutPage.cancelLines(2));
    const refund = within(dialog).getByRole('checkbox', {
      name: words.checkoutPage.refundToCard('$6,360.00'),
    });
    expect(refund).toBeChecked();
    expect(
      within(dialog).getByRole('button', { name: words.checkoutPage.cancelConfirm('$6,360.00') }),
    ).toBeInTheDocument();

    await user.click(refund);
    expect(dialog).toHaveTextContent(words.checkoutPage.cancelKeepBody);
    await user.click(
      within(dialog).getByRole('button', { name: words.checkoutPage.cancelWithoutRefund }),
    );
    expect(
      await screen.findByText(words.checkoutPage.cancelledWithoutRefund(checkout.reference)),
    ).toBeInTheDocument();
    const [sent] = callsTo(server.requests, 'POST', `/api/manageCheckouts/${CHECKOUT}/cancel`);
    expect(sent?.body).toEqual({ refund: false });
  });
});

describe("a checkout's page for admins: its shipping (issue 42)", () => {
  signedInForEachTest();
  const quote = texts.shipping.admin;

  const unpaidLines = [wrench, file].map((line) =>
    managedOrder({ ...line, paid: false, status: 'unpaid', transectionId: null }),
  );
  const waiting: ManagedCheckout = { ...checkout, shipping: null, lines: unpaidLines };

  /**
   * An unpaid checkout waiting for its shipping quote: POST .../shipping answers `answer`, and
   * the checkout is as a 200 answered it from then on.
   */
  function serveQuote(answer: (body: unknown) => Response) {
    let current = waiting;
    return fakeIdentityServer({
      answer: async ({ method, url, body }) => {
        if (method === 'GET' && url === `/api/manageCheckouts/${CHECKOUT}`) {
          return jsonResponse(current);
        }
        if (method === 'POST' && url === `/api/manageCheckouts/${CHECKOUT}/shipping`) {
          const answered = answer(body);
          if (answered.ok) current = (await answered.clone().json()) as ManagedCheckout;
          return answered;
        }
        return undefined;
      },
    }).server;
  }

  it('shows the shipping charged, and what went back of it', async () => {
    fakeIdentityServer({
      answer: ({ method, url }) =>
        method === 'GET' && url === `/api/manageCheckouts/${CHECKOUT}`
          ? jsonResponse({ ...checkout, shipping: 25, shippingRefunded: 25 })
          : undefined,
    });
    renderRoutes([{ path: '/', element: <ManagedCheckoutView id={CHECKOUT} /> }]);
    const card = await screen.findByRole('region', { name: quote.title });
    expect(card).toHaveTextContent(`${texts.shipping.line}$25.00$25.00 refunded`);
    expect(within(card).queryByRole('form')).toBeNull();
  });

  it('sets the shipping of a checkout waiting for a quote, and says the buyer can pay', async () => {
    const server = serveQuote(() =>
      jsonResponse({ ...waiting, shipping: 40.5 } satisfies ManagedCheckout),
    );
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <ManagedCheckoutView id={CHECKOUT} /> }]);
    const form = await screen.findByRole('form', { name: quote.title });
    expect(form).toHaveTextContent(quote.toQuote);
    await user.type(within(form).getByLabelText(quote.amount), '40.50');
    await user.click(within(form).getByRole('button', { name: quote.set }));

    expect(await screen.findByRole('status')).toHaveTextContent(quote.done(40.5));
    const [sent] = callsTo(server.requests, 'POST', `/api/manageCheckouts/${CHECKOUT}/shipping`);
    expect(sent?.body).toEqual({ amount: 40.5 });
    // The checkout as answered: its shipping set, no form any more.
    const card = screen.getByRole('region', { name: quote.title });
    expect(card).toHaveTextContent(`${texts.shipping.line}$40.50`);
    expect(screen.queryByRole('form', { name: quote.title })).toBeNull();
  });

  it("refuses an amount that is no price before sending, and tells the server's refusal in words", async () => {
    const refusal = serverTexts.shippingErrors.notQuoted;
    const server = serveQuote(() => jsonResponse({ message: refusal, statusCode: 409 }, 409));
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <ManagedCheckoutView id={CHECKOUT} /> }]);
    const form = await screen.findByRole('form', { name: quote.title });
    const amount = within(form).getByLabelText(quote.amount);
    await user.type(amount, 'lots');
    await user.click(within(form).getByRole('button', { name: quote.set }));
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(
      callsTo(server.requests, 'POST', `/api/manageCheckouts/${CHECKOUT}/shipping`),
    ).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '0');
    await user.click(within(form).getByRole('button', { name: quote.set }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(refusal);
    const [sent] = callsTo(server.requests, 'POST', `/api/manageCheckouts/${CHECKOUT}/shipping`);
    expect(sent?.body).toEqual({ amount: 0 });
  });
});
