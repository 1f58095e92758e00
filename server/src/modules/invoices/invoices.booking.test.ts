import { describe, expect } from 'vitest';
import { percentOf, serverTexts, taxWithin } from '@tools-factory/contract';
import type { App } from '../../app.ts';
import type { Seller } from '../../config.ts';
import type { TestAccount } from '../../testing/accounts.ts';
import { appTest, instanceOnDatabase } from '../../testing/app-fixtures.ts';
import { createTestTool } from '../../testing/factories.ts';
import { placeTestOrder } from '../../testing/orders.ts';
import { payOrder } from '../../testing/payments.ts';
import { readPdf } from '../../testing/pdf.ts';
import { acceptQuote, offeredQuoteOfNewTool } from '../../testing/quotes.ts';
import { checkOut, fillCart } from '../../testing/cart-lines.ts';
import { payCheckout } from '../../testing/checkouts.ts';
import { UNCAPPED_ORDERS } from '../../testing/test-config.ts';
import { injectAs } from '../../testing/requests.ts';

const words = serverTexts.invoice;

const SELLER: Seller = {
  name: 'Anvil & Forge Trading GmbH',
  addressLines: ['Hammerweg 7', '42103 Wuppertal', 'Germany'],
  email: 'billing@anvil-forge.example',
  companyNumber: 'HRB 998877',
  taxNumber: 'DE123456789',
  bankLines: ['Stadtsparkasse Wuppertal', 'IBAN DE89 3704 0044 0532 0130 00', 'BIC COBADEFFXXX'],
  zeroTaxReason: 'steuerfreie Ausfuhrlieferung (Paragraph 4 Nr. 1a UStG).',
};

/** An instance on the file's database, with this tax rate (the seller is the same). */
const instanceWithRate = (taxRateBasisPoints: number) =>
  instanceOnDatabase({ config: { seller: SELLER, taxRateBasisPoints } });

/**
 * Two instances on one database: `app` with TAX_RATE_PERCENT=20, `later` with 7.5 (the rate as
 * it was changed afterwards).
 */
const it = appTest({ config: UNCAPPED_ORDERS })
  .extend('app', { scope: 'file' }, instanceWithRate(2000))
  .extend('later', { scope: 'file' }, instanceWithRate(750))
  .extend('untaxed', { scope: 'file' }, instanceWithRate(0));

async function invoiceText(app: App, account: TestAccount, orderId: string): Promise<string> {
  const response = await injectAs(app, account, { url: `/api/orders/${orderId}/invoice.pdf` });
  expect(response.statusCode, response.body).toBe(200);
  return (await readPdf(response.rawPayload)).text;
}

describe('invoices a business can book: seller, USD, tax, quote number', () => {
  it('the tax within a tax-inclusive total, and the rate as a percentage', () => {
    // Prices include the tax: of $239.88 at 20%, $39.98 is tax and $199.90 the net amount.
    expect(taxWithin(23_988, 2000)).toBe(3998);
    expect(taxWithin(23_988, 750)).toBe(1674);
    expect(taxWithin(23_988, 0)).toBe(0);
    expect([percentOf(2000), percentOf(750), percentOf(1225), percentOf(0)]).toEqual([
      20, 7.5, 12.25, 0,
    ]);
  });

  it("prints the seller's legal details, USD beside the amounts and the tax at the order's own rate, whatever the rate is now", async ({
    app,
    later,
    customer,
  }) => {
    // 12 at $19.99: $239.88.
    const tool = await createTestTool(app, { priceCents: 1999 });
    const order = await placeTestOrder(app, customer, tool, { quantity: 12 });
    await payOrder(app, customer, order);

    // Read through the instance whose rate is now 7.5%: the order keeps the 20% it was placed at.
    for (const instance of [app, later]) {
      const text = await invoiceText(instance, customer, order._id);
      for (const shown of [
        SELLER.name,
        ...SELLER.addressLines,
        SELLER.email,
        words.companyNumber(SELLER.companyNumber),
        words.taxNumber(SELLER.taxNumber),
        `${words.net} $199.90 USD`,
        `${words.tax('20')} $39.98 USD`,
        '$239.88 USD',
        words.pricesIncludeTax('20'),
        words.paidInFull,
      ]) {
        expect(text).toContain(shown);
      }
      expect(text).not.toContain(words.tax('7.5'));
      // Paid in full by card (issue 42): nothing is left to transfer.
      expect(text).not.toContain(words.bankDetails.toUpperCase());
      for (const line of SELLER.bankLines) expect(text).not.toContain(line);
    }

    // An order placed after the change: 7.5%.
    const newer = await placeTestOrder(later, customer, tool, { quantity: 12 });
    await payOrder(later, customer, newer);
    const text = await invoiceText(app, customer, newer._id);
    expect(text).toContain(`${words.tax('7.5')} $16.74 USD`);
    expect(text).toContain(`${words.net} $223.14 USD`);
  });

  it('an order placed from a quote: its invoice and its credit note name the quote', async ({
    app,
    customer,
    admin,
  }) => {
    const { quote } = await offeredQuoteOfNewTool(
      app,
      { customer, admin },
      { quantity: 300, price: 9 },
    );
    const { order } = await acceptQuote(app, customer, quote._id, 9);
    await payOrder(app, customer, order);

    const invoice = await invoiceText(app, customer, order._id);
    expect(invoice).toContain(`${words.quote} ${quote.reference}`);
    expect(invoice).toContain('$2,700.00 USD');

    const cancel = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/manageOrders/${order._id}/cancel`,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const note = await injectAs(app, customer, { url: `/api/orders/${order._id}/credit-note.pdf` });
    expect(note.statusCode, note.body).toBe(200);
    const credit = (await readPdf(note.rawPayload)).text;
    for (const shown of [
      `${words.quote} ${quote.reference}`,
      SELLER.name,
      words.taxNumber(SELLER.taxNumber),
      '$2,700.00 USD',
      `${words.tax('20')} $450.00 USD`,
    ]) {
      expect(credit).toContain(shown);
    }
  });

  it("a checkout's invoice: the buyer's company and tax number as typed, the lines in the buyer's order, and at 0% why there is no VAT (issue 42)", async ({
    untaxed,
    customer,
    admin,
  }) => {
    // Put in the cart in this order: the third tool first, the first last.
    const tools = await Promise.all(
      ['Anvil', 'Bench vice', 'Chisel'].map((name) =>
        createTestTool(untaxed, {
          name: `${name} ${crypto.randomUUID().slice(0, 6)}`,
          priceCents: 500,
        }),
      ),
    );
    const inCart = [tools[2]!, tools[0]!, tools[1]!];
    for (const [index, tool] of inCart.entries()) {
      // One statement each: each line added after the one before (the cart's order).
      await fillCart(untaxed, customer, [{ tool, quantity: 20 + index }]);
    }
    const { checkout } = await checkOut(untaxed, customer, {
      address: '4 Quay Street\nGalway',
      companyName: '  Galway Joinery Ltd ',
      taxNumber: 'IE6388047V',
    });
    expect(checkout).toMatchObject({ companyName: 'Galway Joinery Ltd', taxNumber: 'IE6388047V' });
    expect(checkout.lines.map((line) => line.toolId)).toEqual(inCart.map((tool) => tool.id));
    await payCheckout(untaxed, customer, checkout);

    const text = await invoiceText(untaxed, customer, checkout.lines[0]!._id);
    expect(text).toContain('Galway Joinery Ltd');
    expect(text).toContain(words.taxNumber('IE6388047V'));
    expect(text).toContain(`${words.tax('0')} $0.00 USD`);
    expect(text).toContain(words.noTax(SELLER.zeroTaxReason));
    expect(text).not.toContain(words.pricesIncludeTax('0'));
    const positions = inCart.map((tool) => text.indexOf(tool.name));
    expect(positions.every((at) => at >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));

    // Its credit note copies the buyer as the invoice was issued.
    const cancel = await injectAs(untaxed, admin, {
      method: 'POST',
      url: `/api/manageOrders/${checkout.lines[1]!._id}/cancel`,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const note = await injectAs(untaxed, customer, {
      url: `/api/orders/${checkout.lines[1]!._id}/credit-note.pdf`,
    });
    const credit = (await readPdf(note.rawPayload)).text;
    expect(credit).toContain('Galway Joinery Ltd');
    expect(credit).toContain(words.taxNumber('IE6388047V'));
  });
});
