import { describe, expect } from 'vitest';
import {
  ManagedCheckoutSchema,
  ManagedOrderSchema,
  ShipmentResponseSchema,
  texts,
  type Checkout,
  type ManagedCheckout,
  type ShipmentResponse,
} from '@tools-factory/contract';
import type { App } from '../../app.ts';
import type { TestAccount } from '../../testing/accounts.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { payCheckout, placeTestCheckout } from '../../testing/checkouts.ts';
import { createTestTool } from '../../testing/factories.ts';
import { readOutbox } from '../../testing/mail.ts';
import { movableClock } from '../../testing/movable-clock.ts';
import { readPdf } from '../../testing/pdf.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { expectError, injectAs } from '../../testing/requests.ts';

const { now, resetClock } = movableClock();
const it = appTest({ config: UNCAPPED_ORDERS, now }).extend('clock', { auto: true }, resetClock);
const errors = texts.shipments.errors;

/** A paid checkout of `quantities.length` lines, a tool of its own each. */
async function paidCheckout(
  app: App,
  buyer: TestAccount,
  quantities: readonly number[],
  poNumber = 'PO-4471',
): Promise<Checkout> {
  const tools = await Promise.all(
    quantities.map((_, index) =>
      createTestTool(app, {
        name: `Shipment Tool ${index + 1} ${crypto.randomUUID().slice(0, 6)}`,
        minOrderQuantity: 1,
        availableQuantity: 10_000,
        priceCents: 250,
      }),
    ),
  );
  const checkout = await placeTestCheckout(
    app,
    buyer,
    tools.map((tool, index) => ({ tool, quantity: quantities[index]! })),
    { address: '12 Mill Lane\nLeeds LS1 4AP', poNumber },
  );
  await payCheckout(app, buyer, checkout);
  return checkout;
}

/** The request's answer is the refusal `status`, in these words. */
async function refused(
  request: Promise<{ statusCode: number; json(): unknown; body: string }>,
  status: number,
  message: string,
): Promise<void> {
  const response = await request;
  expect(response.statusCode, response.body).toBe(status);
  expectError(response, status, message);
}

/** The checkout's lines of these quantities (a checkout lists its lines by tool, not as put). */
function linesOf(checkout: Checkout, ...quantities: number[]): Checkout['lines'] {
  return quantities.map((quantity) => {
    const line = checkout.lines.find((candidate) => candidate.quantity === quantity);
    if (!line) throw new Error(`no line of ${quantity} in ${checkout.reference}`);
    return line;
  });
}

const shipmentsUrl = (checkoutId: string) => `/api/manageCheckouts/${checkoutId}/shipments`;

function postShipment(
  app: App,
  admin: TestAccount,
  checkoutId: string,
  payload: Record<string, unknown>,
) {
  return injectAs(app, admin, { method: 'POST', url: shipmentsUrl(checkoutId), payload });
}

async function ship(
  app: App,
  admin: TestAccount,
  checkoutId: string,
  payload: Record<string, unknown>,
): Promise<ShipmentResponse> {
  const response = await postShipment(app, admin, checkoutId, payload);
  expect(response.statusCode, response.body).toBe(201);
  return ShipmentResponseSchema.parse(response.json());
}

async function managedCheckout(
  app: App,
  admin: TestAccount,
  checkoutId: string,
): Promise<ManagedCheckout> {
  const response = await injectAs(app, admin, { url: `/api/manageCheckouts/${checkoutId}` });
  expect(response.statusCode, response.body).toBe(200);
  return ManagedCheckoutSchema.parse(response.json());
}

/** The buyer's shipment e-mails of this checkout, by shipment number. */
async function shipmentMails(app: App, buyer: TestAccount, reference: string) {
  return (await readOutbox(app))
    .filter(
      (mail) =>
        mail.headers.to?.includes(buyer.email) &&
        mail.headers.subject?.includes(`of your checkout ${reference}`),
    )
    .sort((a, b) => (a.headers.subject ?? '').localeCompare(b.headers.subject ?? ''));
}

/** The part of a plain-text e-mail between two captions (or to the end). */
function section(text: string, from: string, to?: string): string {
  const start = text.indexOf(from);
  expect(start, `"${from}" in the e-mail`).toBeGreaterThanOrEqual(0);
  const end = to ? text.indexOf(to, start) : -1;
  return text.slice(start, end === -1 ? undefined : end);
}

describe('Shipments: POST /api/manageCheckouts/:id/shipments, POST /api/manageShipments/:id/undo', () => {
  it('ships a twelve-line checkout in two shipments, one line in part, with an e-mail each naming what left and what is to come', async ({
    app,
    customer,
    admin,
  }) => {
    const quantities = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 500];
    const checkout = await paidCheckout(app, customer, quantities);
    const [a, b, c, d, big] = linesOf(checkout, 10, 20, 30, 40, 500);

    const first = await ship(app, admin, checkout._id, {
      lines: [{ orderId: a!._id }, { orderId: b!._id }, { orderId: big!._id, quantity: 200 }],
      carrier: 'UPS',
      trackingNumber: '1Z 999 AA1',
    });
    expect(first.shipment).toMatchObject({
      checkoutId: checkout._id,
      carrier: 'UPS',
      trackingNumber: '1Z 999 AA1',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z%20999%20AA1',
      undoneAt: null,
    });
    expect(first.shipment.number).toMatch(/^SH-\d{5,}$/);
    expect(first.shipment.lines.map((line) => [line.orderId, line.quantity]).sort()).toEqual(
      [
        [a!._id, 10],
        [b!._id, 20],
        [big!._id, 200],
      ].sort(),
    );
    const byId = new Map(first.checkout.lines.map((line) => [line._id, line]));
    expect(byId.get(a!._id)).toMatchObject({ status: 'shipped', shippedQuantity: 10 });
    expect(byId.get(big!._id)).toMatchObject({
      status: 'partly_shipped',
      shippedQuantity: 200,
      carrier: 'UPS',
    });
    expect(byId.get(c!._id)).toMatchObject({ status: 'paid', shippedQuantity: 0, carrier: null });

    const second = await ship(app, admin, checkout._id, { carrier: 'Our van' });
    expect(second.shipment.number > first.shipment.number).toBe(true);
    expect(second.shipment.trackingUrl).toBeNull();
    expect(second.shipment.lines).toHaveLength(10);
    expect(second.shipment.lines.find((line) => line.orderId === big!._id)?.quantity).toBe(300);
    expect(second.checkout.lines.every((line) => line.status === 'shipped')).toBe(true);
    expect(second.checkout.lines.map((line) => line.shippedQuantity)).toEqual(
      second.checkout.lines.map((line) => line.quantity),
    );
    // Newest first, both standing.
    expect(second.checkout.shipments.map((s) => s.number)).toEqual([
      second.shipment.number,
      first.shipment.number,
    ]);

    const mails = await shipmentMails(app, customer, checkout.reference);
    expect(mails.map((mail) => mail.headers.subject)).toEqual([
      `Shipment ${first.shipment.number} of your checkout ${checkout.reference} is on its way`,
      `Shipment ${second.shipment.number} of your checkout ${checkout.reference} is on its way`,
    ]);
    const firstText = mails[0]!.text ?? '';
    const shipped = section(firstText, 'In this shipment', 'Still to come');
    expect(shipped).toContain(a!.name);
    expect(shipped).toContain(b!.name);
    expect(shipped).toContain('Quantity: 200 of 500');
    expect(shipped).not.toContain(d!.name);
    const toCome = section(firstText, 'Still to come', 'Delivery address');
    expect(toCome).toContain(d!.name);
    expect(toCome).toContain('Quantity: 300 of 500');
    expect(toCome).not.toContain(a!.name);
    expect(firstText).toContain('PO-4471');
    expect(firstText).toContain('https://www.ups.com/track?tracknum=1Z%20999%20AA1');
    const secondText = mails[1]!.text ?? '';
    expect(secondText).toContain('That completes your checkout: every line has now shipped.');
    expect(secondText).not.toContain('Still to come');
    expect(section(secondText, 'In this shipment')).toContain('Quantity: 300 of 500');
  });

  it('refuses in words, and changes nothing, for a line too many, twice, of another checkout, or nothing left', async ({
    app,
    customer,
    admin,
  }) => {
    const checkout = await paidCheckout(app, customer, [10, 40]);
    const other = await paidCheckout(app, customer, [10]);
    const [line, second] = linesOf(checkout, 10, 40);
    const before = await managedCheckout(app, admin, checkout._id);

    await refused(
      postShipment(app, admin, checkout._id, { lines: [{ orderId: second!._id, quantity: 41 }] }),
      409,
      errors.tooMany(second!.reference, 40),
    );
    await refused(
      postShipment(app, admin, checkout._id, {
        lines: [{ orderId: line!._id }, { orderId: line!._id, quantity: 1 }],
      }),
      400,
      errors.lineTwice(line!.reference),
    );
    await refused(
      postShipment(app, admin, checkout._id, { lines: [{ orderId: other.lines[0]!._id }] }),
      400,
      errors.lineNotInCheckout(other.lines[0]!._id),
    );
    await refused(postShipment(app, admin, checkout._id, { lines: [] }), 400, errors.noLines);
    const zero = await postShipment(app, admin, checkout._id, {
      lines: [{ orderId: line!._id, quantity: 0 }],
    });
    expect(zero.statusCode, zero.body).toBe(400);
    // Every refusal left the checkout as it was: no shipment, nothing shipped.
    expect(await managedCheckout(app, admin, checkout._id)).toEqual(before);

    await ship(app, admin, checkout._id, {});
    await refused(postShipment(app, admin, checkout._id, {}), 409, errors.nothingToShip);
    await refused(
      postShipment(app, admin, checkout._id, { lines: [{ orderId: line!._id }] }),
      409,
      errors.tooMany(line!.reference, 0),
    );
    await refused(postShipment(app, admin, crypto.randomUUID(), {}), 404, errors.checkoutNotFound);
  });

  it('refuses to ship an unpaid checkout', async ({ app, customer, admin }) => {
    const tool = await createTestTool(app, { minOrderQuantity: 1 });
    const checkout = await placeTestCheckout(app, customer, [{ tool, quantity: 10 }], {
      address: '1 Anvil Row',
    });
    await refused(
      postShipment(app, admin, checkout._id, { lines: [{ orderId: checkout.lines[0]!._id }] }),
      409,
      texts.adminErrors.unpaidOrderCannotBeShipped,
    );
    await refused(postShipment(app, admin, checkout._id, {}), 409, errors.nothingToShip);
  });

  it('lets one of two shipments of the same line at once win; the other is refused', async ({
    app,
    customer,
    admin,
  }) => {
    const checkout = await paidCheckout(app, customer, [30, 10]);
    const [line] = linesOf(checkout, 30);
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        postShipment(app, admin, checkout._id, { lines: [{ orderId: line!._id, quantity: 20 }] }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json()).toMatchObject({ message: errors.tooMany(line!.reference, 10) });
    }
    const now = await managedCheckout(app, admin, checkout._id);
    expect(now.lines.find((l) => l._id === line!._id)).toMatchObject({
      shippedQuantity: 20,
      status: 'partly_shipped',
    });
    expect(now.shipments).toHaveLength(1);
  });

  it('undoes one shipment within 24 hours, leaving the others; not twice, not later', async ({
    app,
    customer,
    admin,
    clock,
  }) => {
    const checkout = await paidCheckout(app, customer, [10, 100]);
    const [small, big] = linesOf(checkout, 10, 100);
    const first = await ship(app, admin, checkout._id, {
      lines: [{ orderId: big!._id, quantity: 60 }],
      carrier: 'DHL',
      trackingNumber: 'JD01',
    });
    clock.offsetMs = 60_000;
    const second = await ship(app, admin, checkout._id, {
      lines: [{ orderId: small!._id }, { orderId: big!._id, quantity: 40 }],
      carrier: 'UPS',
      trackingNumber: '1Z02',
    });
    expect(second.checkout.lines.map((line) => line.status)).toEqual(['shipped', 'shipped']);

    const undoUrl = (id: string) => `/api/manageShipments/${id}/undo`;
    const undone = await injectAs(app, admin, {
      method: 'POST',
      url: undoUrl(second.shipment._id),
    });
    expect(undone.statusCode, undone.body).toBe(200);
    const answer = ShipmentResponseSchema.parse(undone.json());
    expect(answer.shipment.undoneAt).not.toBeNull();
    expect(answer.shipment.undoUntil).toBeNull();
    const [smallNow, bigNow] = [small, big].map((line) =>
      answer.checkout.lines.find((l) => l._id === line!._id),
    );
    expect(smallNow).toMatchObject({ status: 'paid', shippedQuantity: 0, carrier: null });
    // The first shipment still stands: partly shipped, showing that shipment's carrier.
    expect(bigNow).toMatchObject({
      status: 'partly_shipped',
      shippedQuantity: 60,
      carrier: 'DHL',
      trackingNumber: 'JD01',
      shippedAt: first.shipment.shippedAt,
    });
    expect(answer.checkout.shipments.map((s) => [s.number, s.undoneAt !== null])).toEqual([
      [second.shipment.number, true],
      [first.shipment.number, false],
    ]);

    await refused(
      injectAs(app, admin, { method: 'POST', url: undoUrl(second.shipment._id) }),
      409,
      errors.undoneAlready(second.shipment.number),
    );
    clock.offsetMs = 25 * 60 * 60 * 1000;
    const late = await injectAs(app, admin, { method: 'POST', url: undoUrl(first.shipment._id) });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(
      new RegExp(`^Shipment ${first.shipment.number} left on .+ within 24 hours\\.$`),
    );
    const after = await managedCheckout(app, admin, checkout._id);
    expect(after.lines.find((l) => l._id === big!._id)).toMatchObject({ shippedQuantity: 60 });
    await refused(
      injectAs(app, admin, { method: 'POST', url: undoUrl(crypto.randomUUID()) }),
      404,
      errors.shipmentNotFound,
    );
  });

  it("ships one line with the spec's Ship as a shipment of its own; Undo ship of one order refuses a shared shipment", async ({
    app,
    customer,
    admin,
  }) => {
    const checkout = await paidCheckout(app, customer, [10, 20, 30]);
    const [a, b, c] = linesOf(checkout, 10, 20, 30);
    const shipped = await injectAs(app, admin, {
      method: 'PATCH',
      url: `/api/manageOrders/${a!._id}/ship`,
      payload: { carrier: 'FedEx', trackingNumber: '7700' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(ManagedOrderSchema.parse(shipped.json())).toMatchObject({
      status: 'shipped',
      shippedQuantity: 10,
      carrier: 'FedEx',
    });
    const shared = await ship(app, admin, checkout._id, {
      lines: [{ orderId: b!._id }, { orderId: c!._id }],
    });
    const mails = await shipmentMails(app, customer, checkout.reference);
    expect(mails).toHaveLength(2);
    const alone = mails[0]!.text ?? '';
    expect(section(alone, 'In this shipment', 'Still to come')).toContain(a!.name);
    const toCome = section(alone, 'Still to come', 'Delivery address');
    expect(toCome).toContain(b!.name);
    expect(toCome).toContain(c!.name);
    expect(section(mails[1]!.text ?? '', 'In this shipment')).toContain(c!.name);

    await refused(
      injectAs(app, admin, { method: 'POST', url: `/api/manageOrders/${b!._id}/unship` }),
      409,
      errors.orderInSharedShipment(shared.shipment.number),
    );
    const unshipped = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/manageOrders/${a!._id}/unship`,
    });
    expect(unshipped.statusCode, unshipped.body).toBe(200);
    expect(unshipped.json()).toMatchObject({ status: 'paid', shippedQuantity: 0, carrier: null });
  });

  it('refuses to undo a shipment whose line was cancelled since, and keeps it standing', async ({
    app,
    customer,
    admin,
  }) => {
    const checkout = await paidCheckout(app, customer, [10, 20]);
    const [a, b] = linesOf(checkout, 10, 20);
    const { shipment } = await ship(app, admin, checkout._id, {});
    const cancelled = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/manageOrders/${a!._id}/cancel`,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await refused(
      injectAs(app, admin, { method: 'POST', url: `/api/manageShipments/${shipment._id}/undo` }),
      409,
      errors.undoLineChanged(shipment.number, a!.reference),
    );
    const now = await managedCheckout(app, admin, checkout._id);
    expect(now.shipments[0]?.undoneAt).toBeNull();
    expect(now.lines.find((l) => l._id === b!._id)).toMatchObject({
      status: 'shipped',
      shippedQuantity: 20,
    });
  });

  it('draws the packing slip: the parcel, where it goes, what is to come, no prices', async ({
    app,
    customer,
    admin,
  }) => {
    const checkout = await paidCheckout(app, customer, [10, 250]);
    const [a, b] = linesOf(checkout, 10, 250);
    const { shipment } = await ship(app, admin, checkout._id, {
      lines: [{ orderId: a!._id }, { orderId: b!._id, quantity: 100 }],
      carrier: 'UPS',
      trackingNumber: '1Z77',
    });
    const response = await injectAs(app, admin, {
      url: `/api/manageShipments/${shipment._id}/packing-slip.pdf`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="packing-slip-${shipment.number}.pdf"`,
    );
    const { text } = await readPdf(response.rawPayload);
    for (const words of [shipment.number, checkout.reference, 'PO-4471', '1Z77', 'Leeds LS1 4AP']) {
      expect(text).toContain(words);
    }
    expect(text).toContain(a!.name);
    expect(text).toContain(a!.sku);
    expect(text).toContain(b!.name);
    expect(text).toContain('150');
    expect(text).not.toContain('$');
  });
});
