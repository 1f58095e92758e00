import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import {
  formatMoney,
  INVOICE_NUMBER_PATTERN,
  invoiceFileName,
  orderTotal,
  serverTexts,
} from '@tools-factory/contract';
import type { App } from '../../app.ts';
import type { TestAccount } from '../../testing/accounts.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { payOrder, placePaidOrder } from '../../testing/payments.ts';
import { readPdf } from '../../testing/pdf.ts';
import { expectError, injectAs } from '../../testing/requests.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { invoices } from './invoices.table.ts';
import { placeTestOrder } from '../../testing/orders.ts';

const orderNotFound = serverTexts.orderErrors.orderNotFound;
const notPaidYet = serverTexts.invoiceErrors.notPaidYet;

function downloadInvoice(app: App, sender: TestAccount | undefined, orderId: string) {
  return injectAs(app, sender, { method: 'GET', url: `/api/orders/${orderId}/invoice.pdf` });
}

const it = appTest({
  config: UNCAPPED_ORDERS,
  // A buyer whose name the PDF standard fonts could not print.
  customerName: 'Ελένη Łódź-Kowalska',
  tool: {
    name: `Ratchet Spanner ${randomUUID().slice(0, 6)}`,
    priceCents: 135_075,
    minOrderQuantity: 10,
    availableQuantity: 5000,
  },
})
  /** An order of the tool the customer placed and paid (so it has its invoice), new for each test. */
  .extend('paidOrder', ({ app, customer, tool }) => placePaidOrder(app, customer, tool));

describe('GET /api/orders/{id}/invoice.pdf: a paid order its owner or an admin downloads', () => {
  it('answers the invoice as a PDF: number, buyer, line, total and transaction id', async ({
    app,
    customer,
    tool,
  }) => {
    const order = await placeTestOrder(app, customer, tool, {
      quantity: 25,
      address: 'ul. Piotrkowska 104\n90-926 Łódź',
      phone: '+48 42 638 44 00',
    });
    const paid = await payOrder(app, customer, order);

    const response = await downloadInvoice(app, customer, order._id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const [stored] = await app.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.orderId, order._id));
    const number = stored?.number ?? '';
    expect(number).toMatch(INVOICE_NUMBER_PATTERN);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${invoiceFileName(number)}"`,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const pdf = await readPdf(response.rawPayload);
    expect(pdf.pages).toHaveLength(1);
    expect(pdf.text.match(/INV-\d{4}-\d{6,}/g)).toEqual([number]);
    for (const shown of [
      'Ελένη Łódź-Kowalska',
      customer.email,
      'ul. Piotrkowska 104',
      '90-926 Łódź',
      '+48 42 638 44 00',
      tool.name,
      order.reference,
      paid.transectionId ?? 'no transaction id',
      // $1,350.75 each, 25 of them.
      formatMoney(paid.price),
      '$1,350.75',
      formatMoney(orderTotal(paid.price, paid.quantity)),
      '$33,768.75',
      // The seller (SELLER_*'s defaults) and the currency beside the amounts.
      app.config.seller.name,
      ...app.config.seller.addressLines,
      '$33,768.75 USD',
      serverTexts.invoice.paidInFull,
    ]) {
      expect(pdf.text).toContain(shown);
    }
    // Dated by its issue, not by when it was drawn: the same invoice gives the same file.
    expect(pdf.info.CreationDate).toBe(
      `D:${stored?.issuedAt.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`,
    );
    const again = await downloadInvoice(app, customer, order._id);
    expect(again.rawPayload.equals(response.rawPayload)).toBe(true);
  });

  it('is the same invoice for an admin; another customer is told the order is not found', async ({
    app,
    customer,
    otherCustomer,
    admin,
    paidOrder: order,
  }) => {
    const owners = await downloadInvoice(app, customer, order._id);
    expect(owners.statusCode).toBe(200);

    const admins = await downloadInvoice(app, admin, order._id);
    expect(admins.statusCode, admins.body).toBe(200);
    expect(admins.rawPayload.equals(owners.rawPayload)).toBe(true);

    expectError(await downloadInvoice(app, otherCustomer, order._id), 404, orderNotFound);
  });

  it('an unpaid order has no invoice yet: 404 in its words for its owner and an admin only', async ({
    app,
    customer,
    otherCustomer,
    admin,
    tool,
  }) => {
    const order = await placeTestOrder(app, customer, tool);
    expectError(await downloadInvoice(app, customer, order._id), 404, notPaidYet);
    expectError(await downloadInvoice(app, admin, order._id), 404, notPaidYet);
    expectError(await downloadInvoice(app, otherCustomer, order._id), 404, orderNotFound);
  });

  it('asks for a token; unknown and malformed ids are orders not found', async ({
    app,
    customer,
    admin,
    paidOrder: order,
  }) => {
    const anonymous = await downloadInvoice(app, undefined, order._id);
    expect(anonymous.statusCode).toBe(401);

    for (const id of [randomUUID(), 'not-an-id', '12345', order._id.slice(0, -1)]) {
      expectError(await downloadInvoice(app, customer, id), 404, orderNotFound);
      expectError(await downloadInvoice(app, admin, id), 404, orderNotFound);
    }
    // Ids are read in any case, as the other order routes read them.
    const upper = await downloadInvoice(app, customer, order._id.toUpperCase());
    expect(upper.statusCode, upper.body).toBe(200);
  });

  it('stays with its order: an admin cannot remove a paid order (409), and the invoice still downloads', async ({
    app,
    customer,
    admin,
    paidOrder: order,
  }) => {
    const removed = await injectAs(app, admin, {
      method: 'DELETE',
      url: `/api/deleteOrder/${order._id}`,
    });
    expect(removed.statusCode, removed.body).toBe(409);

    const kept = await app.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.orderReference, order.reference));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ orderId: order._id, buyerEmail: customer.email });
    expect((await downloadInvoice(app, admin, order._id)).statusCode).toBe(200);
  });
});
