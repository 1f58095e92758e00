import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { describe, expect } from 'vitest';
import { invoiceFileName, PlaceOrderResponseSchema, serverTexts } from '@tools-factory/contract';
import { latestOutboxMail } from '../../testing/mail.ts';
import { payOrder } from '../../testing/payments.ts';
import { readPdf } from '../../testing/pdf.ts';
import { postOrder } from '../../testing/requests.ts';
import { appTest } from '../../testing/app-fixtures.ts';
import { invoices } from './invoices.table.ts';

const it = appTest({ customerName: 'Zoë Ångström' });

describe('the paid e-mail carries the invoice', () => {
  it('names the invoice number and attaches its PDF', async ({ app, customer, tool }) => {
    const placed = await postOrder(app, customer, tool);
    expect(placed.statusCode, placed.body).toBe(200);
    const { order } = PlaceOrderResponseSchema.parse(placed.json());
    const paid = await payOrder(app, customer, order);
    const [invoice] = await app.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.orderId, order._id));
    const number = invoice?.number ?? 'no invoice';

    const { file } = await latestOutboxMail(app, customer.email, 'Payment received');
    const mail = await simpleParser(await readFile(file));
    expect(mail.text).toContain(serverTexts.mail.orderPaid.invoiceAttached(number));
    expect(mail.html || '').toContain(number);
    expect(mail.attachments).toHaveLength(1);
    const [attachment] = mail.attachments;
    expect(attachment?.filename).toBe(invoiceFileName(number));
    expect(attachment?.contentType).toBe('application/pdf');

    const pdf = await readPdf(attachment?.content ?? Buffer.alloc(0));
    expect(pdf.text).toContain(number);
    expect(pdf.text).toContain('Zoë Ångström');
    expect(pdf.text).toContain(paid.transectionId ?? 'no transaction id');
    // The attachment is the invoice the route answers, byte for byte.
    const downloaded = await app.inject({
      url: `/api/orders/${order._id}/invoice.pdf`,
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(downloaded.rawPayload.equals(attachment?.content ?? Buffer.alloc(0))).toBe(true);
  });
});
