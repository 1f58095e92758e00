import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { texts, type CompanyTerms, type OpenInvoice } from '@tools-factory/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { signedInForEachTest } from '../../../test/signed-in';
import {
  companiesServer,
  makeCompany,
  makeMember,
  makeOpenInvoice,
  maria,
  omar,
} from '../test/companies-server';
import { CompanyOverview } from './company-overview';

const words = texts.receivables.company;
const onTerms: CompanyTerms = {
  paymentTermsDays: 30,
  creditLimit: 5000,
  poNumberRequired: false,
  taxExempt: false,
};
const cardOnly: CompanyTerms = { ...onTerms, paymentTermsDays: null, creditLimit: 0 };

const overdue = makeOpenInvoice({
  _id: '5b1c2d3e-1111-4222-8333-000000000001',
  number: 'INV-2026-000007',
  poNumber: '',
  buyerName: maria.name,
  issuedAt: '2026-01-15T10:00:00.000Z',
  dueAt: '2026-02-14T10:00:00.000Z',
  daysOverdue: 12,
  total: 800,
  received: 300,
  open: 500,
});
const notDue = makeOpenInvoice();
const pdfUrl = (invoice: OpenInvoice) => `/api/company/invoices/${invoice._id}/invoice.pdf`;

/** The Company page of `caller` (Maria its admin, Omar a buyer), these invoices open. */
async function pageOf({
  caller = maria,
  terms = onTerms,
  openInvoices = [overdue, notDue],
}: {
  caller?: typeof maria;
  terms?: CompanyTerms;
  openInvoices?: OpenInvoice[];
} = {}) {
  const server = companiesServer({
    callerId: caller.id,
    company: makeCompany({ terms }),
    members: [makeMember(maria, 'admin'), makeMember(omar, 'buyer')],
    openInvoices,
    refuse: ({ url }) =>
      url === pdfUrl(notDue)
        ? { status: 404, message: texts.receivables.errors.notAnInvoiceOfYours }
        : undefined,
  });
  renderWithProviders(<CompanyOverview account={caller} />, { route: '/dashborad/company' });
  // The company's view comes first, then the invoices.
  await screen.findByRole('heading', { name: texts.company.members });
  return server;
}

async function invoicesCard() {
  return within(await screen.findByRole('region', { name: words.title }));
}

/** The files the page handed the browser to save (lib/save-file clicks a link to a blob). */
const saved: { name: string; blob: Blob }[] = [];

describe('CompanyInvoices (issue 45)', () => {
  signedInForEachTest();
  beforeEach(() => {
    saved.length = 0;
    const blobs = new Map<string, Blob>();
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: (blob: Blob) => {
        blobs.set(`blob:test/${blobs.size}`, blob);
        return `blob:test/${blobs.size - 1}`;
      },
      revokeObjectURL: (url: string) => blobs.delete(url),
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ name: this.download, blob: blobs.get(this.getAttribute('href') ?? '')! });
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows its admins every open invoice: dates, what is open, and how late it is', async () => {
    await pageOf();
    const card = await invoicesCard();
    expect(card.getByText(words.adminsIntro)).toBeInTheDocument();
    const [first, second] = await card.findAllByRole('row', { name: /INV-2026-0000/ });
    const late = within(first!);
    expect(late.getByRole('rowheader')).toHaveTextContent(
      `INV-2026-000007${words.buyer}: ${maria.name}`,
    );
    expect(late.getByText(words.noPoNumber)).toBeInTheDocument();
    expect(late.getByText('Jan 15, 2026')).toBeInTheDocument();
    expect(late.getByText('Feb 14, 2026')).toBeInTheDocument();
    expect(late.getByText('12 days overdue')).toHaveClass('badge-warning');
    expect(late.getByText('$800.00')).toBeInTheDocument();
    expect(late.getByText('$300.00')).toBeInTheDocument();
    expect(late.getByText('$500.00')).toBeInTheDocument();
    const due = within(second!);
    expect(due.getByText('PO-4471')).toBeInTheDocument();
    expect(due.getByText('Apr 1, 2099')).toBeInTheDocument();
    expect(due.queryByText(/overdue/)).not.toBeInTheDocument();
    expect(due.getByRole('button', { name: words.downloadPdf })).toHaveAccessibleDescription(
      'INV-2026-000042',
    );
  });

  it('says an invoice is past due before a whole day has passed', async () => {
    const justDue = makeOpenInvoice({
      dueAt: new Date(Date.now() - 60 * 60 * 1000).toISOString(),
      daysOverdue: 0,
    });
    await pageOf({ openInvoices: [justDue] });
    const row = await (await invoicesCard()).findByRole('row', { name: /INV-2026-000042/ });
    expect(within(row).getByText(words.pastDue)).toHaveClass('badge-warning');
  });

  it('tells a buyer these are their own checkouts’ invoices, without naming the buyer', async () => {
    await pageOf({ caller: omar, openInvoices: [notDue] });
    const card = await invoicesCard();
    expect(card.getByText(words.buyersIntro)).toBeInTheDocument();
    await card.findByText('INV-2026-000042');
    expect(card.queryByText(omar.name)).not.toBeInTheDocument();
  });

  it('says so in words when nothing is open', async () => {
    await pageOf({ openInvoices: [] });
    expect(await (await invoicesCard()).findByText(words.noneOpen)).toBeInTheDocument();
  });

  it('shows no card for a company paying by card with nothing open', async () => {
    const server = await pageOf({ terms: cardOnly, openInvoices: [] });
    await vi.waitFor(() =>
      expect(callsTo(server.requests, 'GET', '/api/company/invoices')).toHaveLength(1),
    );
    expect(screen.queryByRole('region', { name: words.title })).not.toBeInTheDocument();
  });

  it('shows the invoices still open of a company whose terms were taken back', async () => {
    await pageOf({ terms: cardOnly, openInvoices: [overdue] });
    expect(await (await invoicesCard()).findByText('INV-2026-000007')).toBeInTheDocument();
  });

  it('downloads an invoice’s PDF under the server’s name, and says a refusal in words', async () => {
    const pdf = '%PDF-1.3\n% an invoice\n';
    const server = await pageOf();
    server.requests.length = 0;
    const fetchMock = vi.mocked(fetch);
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) =>
      input.toString() === pdfUrl(overdue)
        ? new Response(pdf, {
            headers: {
              'Content-Type': 'application/pdf',
              'Content-Disposition': 'attachment; filename="INV-2026-000007.pdf"',
            },
          })
        : answer(input, init),
    );
    const user = userEvent.setup();
    const card = await invoicesCard();
    const [late, due] = await card.findAllByRole('button', { name: words.downloadPdf });
    await user.click(late!);
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('INV-2026-000007.pdf');
    expect(await saved[0]?.blob.text()).toBe(pdf);

    await user.click(due!);
    expect(
      await screen.findByText(texts.receivables.errors.notAnInvoiceOfYours),
    ).toBeInTheDocument();
    expect(saved).toHaveLength(1);
  });
});
