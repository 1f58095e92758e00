import {
  ManagedCompanySchema,
  ManagedCompanySummarySchema,
  ManagedOrderRowSchema,
  shipToTown,
  type ManagedCompany,
  type ManagedCompanySummary,
  type ManagedOrder,
  type ManagedOrderRow,
} from '@tools-factory/contract';
import { makeManagedOrder } from '../../../test/factories';

// Test data as the server sends it: parsed by the contract's schemas.

export const HARBOUR_ID = '7d1c2d3e-1111-4222-8333-944455566677';

/** Harbour Fittings in the Companies list: Cora its admin, two members, one checkout. */
export function makeCompanySummary(
  overrides: Partial<ManagedCompanySummary> = {},
): ManagedCompanySummary {
  return ManagedCompanySummarySchema.parse({
    _id: HARBOUR_ID,
    legalName: 'Harbour Fittings Ltd',
    taxNumber: 'BD-123456',
    members: 2,
    admins: [{ userId: 'u6', name: 'Cora Company', email: 'cora@example.com' }],
    checkouts: 1,
    awaitingApproval: 0,
    createdAt: '2026-03-01T09:00:00.000Z',
    ...overrides,
  });
}

/**
 * Harbour Fittings' page: Cora its admin, Bram a buyer with a $500 limit ($120 spent), one
 * ship-to address, one checkout awaiting approval.
 */
export function makeManagedCompany(overrides: Partial<ManagedCompany> = {}): ManagedCompany {
  return ManagedCompanySchema.parse({
    company: {
      _id: HARBOUR_ID,
      legalName: 'Harbour Fittings Ltd',
      taxNumber: 'BD-123456',
      billingAddress: '12 Harbour Road\nChattogram 4100',
      addressesLocked: true,
      terms: { paymentTermsDays: null, creditLimit: 0, poNumberRequired: false, taxExempt: false },
      createdAt: '2026-03-01T09:00:00.000Z',
    },
    members: [
      {
        userId: 'u6',
        name: 'Cora Company',
        email: 'cora@example.com',
        role: 'admin',
        joinedAt: '2026-03-01T09:00:00.000Z',
        monthlyLimit: null,
        spentThisMonth: 0,
      },
      {
        userId: 'u7',
        name: 'Bram Buyer',
        email: 'bram@example.com',
        role: 'buyer',
        joinedAt: '2026-03-02T10:30:00.000Z',
        monthlyLimit: 500,
        spentThisMonth: 120,
      },
    ],
    addresses: [
      {
        _id: '5b1c2d3e-1111-4222-8333-944455566677',
        label: 'Main yard',
        name: 'Harbour Fittings receiving',
        address: '3 Dock Street\nChattogram 4100',
        phone: '+880 1711 000000',
      },
    ],
    approvals: [
      {
        checkoutId: '3f2a9c1b-1111-4222-8333-944455566677',
        reference: 'CO-3F2A9C1B',
        buyer: { userId: 'u7', name: 'Bram Buyer', email: 'bram@example.com' },
        poNumber: 'PO-7781',
        placedAt: '2026-03-04T09:15:00.000Z',
        total: 640,
        lines: [{ sku: 'HF-WR-0012', name: 'Torque wrench', quantity: 2, total: 640 }],
        monthlyLimit: 500,
        spentThisMonth: 120,
        expiresAt: '2026-03-11T09:15:00.000Z',
      },
    ],
    checkouts: 1,
    ...overrides,
  });
}

/** An order of the company's as Manage Orders' search lists it: Bram's, unless told. */
export function makeCompanyOrder(overrides: Partial<ManagedOrder> = {}): ManagedOrderRow {
  const order = makeManagedOrder({ email: 'bram@example.com', poNumber: 'PO-7781', ...overrides });
  return ManagedOrderRowSchema.parse({
    ...order,
    customerName: 'Bram Buyer',
    town: shipToTown(order.address),
  });
}
