import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { asc, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/client.ts';
import { pgliteExtensions } from '../../db/pglite-extensions.ts';
import { migrationsBefore } from '../../testing/migrations.ts';
import { invoiceLines, invoices, invoiceSequences } from './invoices.table.ts';

// Migration 0006 gives every order paid before invoices existed its invoice: numbered per year
// of payment (UTC) in the order they were paid, each year's sequence continuing from there.
describe('migration 0006: invoices for the orders paid before it', () => {
  const before = migrationsBefore('0006_invoices_and_low_stock');
  afterAll(() => rmSync(before, { recursive: true, force: true }));

  it('issues them in payment order per UTC year; the sequences continue after them', async () => {
    const client = await PGlite.create({ extensions: pgliteExtensions });
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: before });
      await client.exec(`
        insert into users (id, name, email) values ('u1', 'Ελένη Łódź', 'elena@example.com');
        insert into tools (id, name, image, description, price_cents, min_order_quantity, available_quantity)
          values ('00000000-0000-4000-8000-000000000001', 'Claw Hammer', '/h.svg', 'A hammer.', 1250, 1, 100);
        insert into orders (id, user_id, email, tool_id, tool_name, tool_image, unit_price_cents, quantity,
            address, phone, status, transaction_id, paid_at, created_at, made_to_order) values
          ('aaaaaaaa-0000-4000-8000-000000000001', 'u1', 'elena@example.com',
            '00000000-0000-4000-8000-000000000001', 'Claw Hammer', '/h.svg', 1250, 3, '1 Road', '+30 1',
            'shipped', 'pi_a', '2026-01-01T00:30:00Z', '2025-12-31T22:00:00Z', false),
          ('aaaaaaaa-0000-4000-8000-000000000002', null, 'gone@example.com',
            '00000000-0000-4000-8000-000000000001', 'Claw Hammer', '/h.svg', 1250, 2, '2 Road', '',
            'paid', 'pi_b', '2025-12-31T23:59:00Z', '2025-12-31T23:00:00Z', true),
          ('aaaaaaaa-0000-4000-8000-000000000003', 'u1', 'elena@example.com',
            '00000000-0000-4000-8000-000000000001', 'Claw Hammer', '/h.svg', 1250, 5, '1 Road', '',
            'paid', 'pi_c', '2026-02-01T10:00:00Z', '2026-02-01T09:00:00Z', false),
          ('aaaaaaaa-0000-4000-8000-000000000004', 'u1', 'elena@example.com',
            '00000000-0000-4000-8000-000000000001', 'Claw Hammer', '/h.svg', 1250, 7, '1 Road', '',
            'unpaid', null, null, '2026-03-01T09:00:00Z', false);
      `);

      await migrate(db, { migrationsFolder });

      // Each with its one line, kept in invoice_lines since migration 0011 (issue 26).
      const issued = (
        await db
          .select()
          .from(invoices)
          .innerJoin(invoiceLines, eq(invoiceLines.invoiceId, invoices.id))
          .orderBy(asc(invoices.year), asc(invoices.sequence))
      ).map(({ invoices: invoice, invoice_lines: line }) => ({
        ...invoice,
        toolName: line.toolName,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        madeToOrder: line.madeToOrder,
      }));
      expect(
        issued.map(({ number, orderId, buyerName, totalCents, madeToOrder, transactionId }) => ({
          number,
          orderId,
          buyerName,
          totalCents,
          madeToOrder,
          transactionId,
        })),
      ).toEqual([
        {
          number: 'INV-2025-000001',
          orderId: 'aaaaaaaa-0000-4000-8000-000000000002',
          buyerName: '',
          totalCents: 2500,
          madeToOrder: true,
          transactionId: 'pi_b',
        },
        {
          number: 'INV-2026-000001',
          orderId: 'aaaaaaaa-0000-4000-8000-000000000001',
          buyerName: 'Ελένη Łódź',
          totalCents: 3750,
          madeToOrder: false,
          transactionId: 'pi_a',
        },
        {
          number: 'INV-2026-000002',
          orderId: 'aaaaaaaa-0000-4000-8000-000000000003',
          buyerName: 'Ελένη Łódź',
          totalCents: 6250,
          madeToOrder: false,
          transactionId: 'pi_c',
        },
      ]);
      expect(issued[1]).toMatchObject({
        orderReference: 'TF-AAAAAAAA',
        buyerEmail: 'elena@example.com',
        buyerAddress: '1 Road',
        buyerPhone: '+30 1',
        toolName: 'Claw Hammer',
        quantity: 3,
        unitPriceCents: 1250,
        paidAt: new Date('2026-01-01T00:30:00Z'),
        issuedAt: new Date('2026-01-01T00:30:00Z'),
      });
      expect(await db.select().from(invoiceSequences).orderBy(asc(invoiceSequences.year))).toEqual([
        { year: 2025, lastSequence: 1 },
        { year: 2026, lastSequence: 2 },
      ]);
    } finally {
      await client.close();
    }
  }, 120_000); // A fresh PGlite and every migration: a limit for a hang, not a loaded machine.
});
