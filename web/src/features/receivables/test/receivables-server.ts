import {
  centsToDollars,
  dollarsToCents,
  ReceivablesSchema,
  texts,
  type CompanyReceivables,
  type Receivable,
  type Receivables,
} from '@tools-factory/contract';
import { fakeIdentityServer } from '../../../test/identity';
import { jsonResponse } from '../../../test/render';

export const KEEL_ID = '11111111-1111-4111-8111-111111111111';
export const HARBOUR_ID = '22222222-2222-4222-8222-222222222222';

/** An open invoice on account: nothing received unless told, its open amount worked out. */
export function makeReceivable(
  overrides: Partial<Receivable> & Pick<Receivable, '_id' | 'number'>,
): Receivable {
  const base: Receivable = {
    checkoutId: '99999999-9999-4999-8999-999999999999',
    poNumber: 'PO-4471',
    buyerName: 'Bea Buyer',
    issuedAt: '2026-11-20T09:30:00.000Z',
    dueAt: '2026-12-20T09:30:00.000Z',
    daysOverdue: 0,
    total: 500,
    received: 0,
    credited: 0,
    open: 500,
    payments: [],
    ...overrides,
  };
  return {
    ...base,
    open: centsToDollars(
      dollarsToCents(base.total) - dollarsToCents(base.received) - dollarsToCents(base.credited),
    ),
  };
}

/** Keel Fasteners: one invoice 18 days overdue, one partly paid; Harbour Fittings: one, new. */
export function twoCompanies(): CompanyReceivables[] {
  return [
    {
      companyId: HARBOUR_ID,
      legalName: 'Harbour Fittings Ltd',
      open: 0,
      overdue: 0,
      invoices: [
        makeReceivable({
          _id: '33333333-3333-4333-8333-333333333333',
          number: 'INV-2026-000120',
          poNumber: '',
          buyerName: 'Hal Harbour',
          issuedAt: '2026-12-01T10:00:00.000Z',
          dueAt: '2026-12-31T10:00:00.000Z',
          total: 90.5,
        }),
      ],
    },
    {
      companyId: KEEL_ID,
      legalName: 'Keel Fasteners Ltd',
      open: 0,
      overdue: 0,
      invoices: [
        makeReceivable({
          _id: '44444444-4444-4444-8444-444444444444',
          number: 'INV-2026-000101',
          issuedAt: '2026-10-20T09:30:00.000Z',
          dueAt: '2026-11-19T09:30:00.000Z',
          daysOverdue: 18,
          total: 1200,
        }),
        makeReceivable({
          _id: '55555555-5555-4555-8555-555555555555',
          number: 'INV-2026-000115',
          poNumber: 'PO-4480',
          total: 500,
          received: 200,
          payments: [
            {
              _id: '66666666-6666-4666-8666-666666666666',
              receivedOn: '2026-12-01',
              amount: 200,
              bankReference: 'BANK-77',
              recordedBy: 'Ada Admin',
              recordedAt: '2026-12-01T15:00:00.000Z',
            },
          ],
        }),
      ],
    },
  ];
}

/** The page's answer: each company's figures and the totals added up from its invoices. */
export function receivablesOf(companies: CompanyReceivables[]): Receivables {
  const cents = (amount: number) => dollarsToCents(amount);
  const withFigures = companies
    .filter((company) => company.invoices.length > 0)
    .map((company) => ({
      ...company,
      open: centsToDollars(company.invoices.reduce((sum, invoice) => sum + cents(invoice.open), 0)),
      overdue: centsToDollars(
        company.invoices
          .filter((invoice) => invoice.daysOverdue > 0)
          .reduce((sum, invoice) => sum + cents(invoice.open), 0),
      ),
    }));
  return ReceivablesSchema.parse({
    asOf: '2026-12-07T11:00:00.000Z',
    totals: {
      open: centsToDollars(withFigures.reduce((sum, company) => sum + cents(company.open), 0)),
      overdue: centsToDollars(
        withFigures.reduce((sum, company) => sum + cents(company.overdue), 0),
      ),
      invoices: withFigures.reduce((sum, company) => sum + company.invoices.length, 0),
    },
    companies: withFigures,
  });
}

const PAYMENTS = /^\/api\/manageReceivables\/([^/]+)\/payments$/;

/**
 * GET /api/manageReceivables and POST /api/manageReceivables/{id}/payments as the server answers
 * them: a payment is kept (a settled invoice leaves the list), the same bank reference again
 * answers the payment first recorded (200), an amount above what is open is refused (409).
 */
export function receivablesServer(companies: CompanyReceivables[] = twoCompanies()) {
  let state = companies;
  let recorded = 0;
  return fakeIdentityServer({
    answer: ({ method, url, body }) => {
      if (method === 'GET' && url === '/api/manageReceivables') {
        return jsonResponse(receivablesOf(state));
      }
      const match = PAYMENTS.exec(url);
      if (method !== 'POST' || !match) return undefined;
      const sent = body as { receivedOn: string; amount: number; bankReference: string };
      const invoice = state.flatMap((company) => company.invoices).find((i) => i._id === match[1]);
      if (!invoice) {
        return jsonResponse({ message: texts.receivables.errors.notFound, statusCode: 404 }, 404);
      }
      const earlier = invoice.payments.find(
        (payment) => payment.bankReference.toLowerCase() === sent.bankReference.toLowerCase(),
      );
      if (earlier) return jsonResponse({ payment: earlier, invoice, settled: false });
      if (dollarsToCents(sent.amount) > dollarsToCents(invoice.open)) {
        return jsonResponse(
          {
            message: texts.receivables.errors.overOpen(sent.amount, invoice.open),
            statusCode: 409,
          },
          409,
        );
      }
      recorded += 1;
      const payment = {
        _id: `77777777-7777-4777-8777-77777777777${recorded}`,
        receivedOn: sent.receivedOn,
        amount: sent.amount,
        bankReference: sent.bankReference,
        recordedBy: 'Maria Lopez',
        recordedAt: '2026-12-07T11:05:00.000Z',
      };
      const after = makeReceivable({
        ...invoice,
        received: centsToDollars(dollarsToCents(invoice.received) + dollarsToCents(sent.amount)),
        payments: [...invoice.payments, payment],
      });
      const settled = after.open === 0;
      state = state.map((company) => ({
        ...company,
        invoices: company.invoices.flatMap((i) =>
          i._id !== invoice._id ? [i] : settled ? [] : [after],
        ),
      }));
      return jsonResponse({ payment, invoice: after, settled }, 201);
    },
  }).server;
}
