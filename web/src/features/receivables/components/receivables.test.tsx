import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { texts, todayUtc } from '@tools-factory/contract';
import { describe, expect, it, vi } from 'vitest';
import { callsTo } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { signedInForEachTest } from '../../../test/signed-in';
import { receivablesServer, twoCompanies } from '../test/receivables-server';
import { Receivables } from './receivables';

const words = texts.receivables.page;
const OVERDUE = 'INV-2026-000101';
const PARTLY_PAID = 'INV-2026-000115';

/** A company's section, found by its legal name's heading. */
async function companyNamed(legalName: string) {
  const heading = await screen.findByRole('heading', { level: 3, name: legalName });
  return within(heading.closest('section')!);
}

/** An invoice's row, found by its number. */
function invoiceRow(number: string) {
  // Its own row first; the row of its payments under it names the number too.
  return within(screen.getAllByRole('row', { name: new RegExp(number) })[0]!);
}

/** Opens Record payment of an invoice: the dialog, to look inside. */
async function openRecordPayment(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.click(await screen.findByRole('button', { name: words.recordPaymentLabel(number) }));
  return within(await screen.findByRole('dialog', { name: words.dialogTitle(number) }));
}

describe('Receivables: the open invoices on account by company', () => {
  signedInForEachTest();

  it('shows the totals, then each company with its figures and its invoices, the overdue one badged', async () => {
    receivablesServer();
    renderWithProviders(<Receivables />);
    const keel = await companyNamed('Keel Fasteners Ltd');
    const totals = screen.getByLabelText(words.totals);
    expect(Array.from(totals.querySelectorAll('dt, dd'), (cell) => cell.textContent ?? '')).toEqual(
      [words.open, '$1,590.50', words.overdue, '$1,200.00', words.invoices, '3'],
    );

    expect(keel.getByText(words.companyFigures('$1,500.00', '$1,200.00', 2))).toBeInTheDocument();
    const harbour = await companyNamed('Harbour Fittings Ltd');
    expect(harbour.getByText(words.companyFigures('$90.50', '$0.00', 1))).toBeInTheDocument();
    // Harbour's first (legal name order, as the server sends them).
    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual(['Harbour Fittings Ltd', 'Keel Fasteners Ltd']);

    const overdue = invoiceRow(OVERDUE);
    expect(overdue.getByText('18')).toHaveClass('badge-warning');
    expect(overdue.getByText('Nov 19, 2026')).toBeInTheDocument();
    expect(overdue.getByText('Oct 20, 2026')).toBeInTheDocument();
    expect(overdue.getByText(words.poNumber('PO-4471'))).toBeInTheDocument();
    expect(overdue.getByText(words.buyer('Bea Buyer'))).toBeInTheDocument();
    expect(overdue.getAllByText('$1,200.00')).toHaveLength(2);
    expect(overdue.getByRole('link', { name: OVERDUE })).toHaveAttribute(
      'href',
      '/dashborad/allorders/checkout/99999999-9999-4999-8999-999999999999',
    );

    const partly = invoiceRow(PARTLY_PAID);
    expect(partly.getByText('0')).not.toHaveClass('badge');
    expect(partly.getByText(words.poNumber('PO-4480'))).toBeInTheDocument();
    expect(partly.getByText('$200.00')).toBeInTheDocument();
    expect(partly.getByText('$300.00')).toBeInTheDocument();
    const payments = screen.getByRole('list', { name: words.payments(PARTLY_PAID) });
    expect(
      within(payments)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([words.paymentLine('Dec 1, 2026', '$200.00', 'BANK-77')]);
    // An invoice without a PO number says so.
    expect(invoiceRow('INV-2026-000120').getByText(words.noPoNumber)).toBeInTheDocument();
  });

  it('badges an invoice past its due date by less than a day as past due (0 whole days)', async () => {
    const [harbour, keel] = twoCompanies();
    receivablesServer([
      {
        ...harbour!,
        invoices: [
          // Due at 09:30 on the day of asOf (11:00): overdue, though not a whole day yet.
          { ...harbour!.invoices[0]!, dueAt: '2026-12-07T09:30:00.000Z', daysOverdue: 0 },
        ],
      },
      keel!,
    ]);
    renderWithProviders(<Receivables />);
    await companyNamed('Harbour Fittings Ltd');
    expect(invoiceRow('INV-2026-000120').getByText(words.pastDue)).toHaveClass('badge-warning');
    // Not yet due: 0, no badge.
    expect(invoiceRow(PARTLY_PAID).getByText('0')).not.toHaveClass('badge');
  });

  it('says so when no invoice on account is open', async () => {
    receivablesServer([]);
    renderWithProviders(<Receivables />);
    expect(await screen.findByText(words.empty)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('records a partial payment from the dialog (today and the open amount to start with), then says so and shows it', async () => {
    const user = userEvent.setup();
    const server = receivablesServer();
    renderWithProviders(<Receivables />);
    const dialog = await openRecordPayment(user, OVERDUE);
    expect(dialog.getByLabelText(words.receivedOn)).toHaveValue(todayUtc(new Date()));
    expect(dialog.getByLabelText(words.amount)).toHaveValue('1200.00');
    expect(
      dialog.getByText(words.dialogDescription('Keel Fasteners Ltd', '$1,200.00')),
    ).toBeVisible();

    await user.clear(dialog.getByLabelText(words.receivedOn));
    await user.type(dialog.getByLabelText(words.receivedOn), '2026-12-04');
    await user.clear(dialog.getByLabelText(words.amount));
    await user.type(dialog.getByLabelText(words.amount), '700');
    await user.type(dialog.getByLabelText(words.bankReference), '  TRF-0042 ');
    await user.click(dialog.getByRole('button', { name: words.record }));

    expect(await screen.findByRole('status')).toHaveTextContent(words.recorded('$700.00', OVERDUE));
    expect(screen.queryByRole('dialog')).toBeNull();
    const [post] = callsTo(
      server.requests,
      'POST',
      '/api/manageReceivables/44444444-4444-4444-8444-444444444444/payments',
    );
    expect(post?.body).toEqual({
      receivedOn: '2026-12-04',
      amount: 700,
      bankReference: 'TRF-0042',
    });
    // The list asked for again: $500 open of it now, the payment under it.
    expect(await invoiceRow(OVERDUE).findByText('$500.00')).toBeInTheDocument();
    const payments = screen.getByRole('list', { name: words.payments(OVERDUE) });
    expect(payments).toHaveTextContent(words.paymentLine('Dec 4, 2026', '$700.00', 'TRF-0042'));
  });

  it('records the rest: the invoice is settled, says its checkout is paid and leaves the list', async () => {
    const user = userEvent.setup();
    receivablesServer();
    renderWithProviders(<Receivables />);
    const dialog = await openRecordPayment(user, PARTLY_PAID);
    expect(dialog.getByLabelText(words.amount)).toHaveValue('300.00');
    await user.type(dialog.getByLabelText(words.bankReference), 'TRF-0043');
    await user.click(dialog.getByRole('button', { name: words.record }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      `${words.recorded('$300.00', PARTLY_PAID)} ${words.settled(PARTLY_PAID)}`,
    );
    await vi.waitFor(() =>
      expect(screen.queryByRole('row', { name: new RegExp(PARTLY_PAID) })).toBeNull(),
    );
    expect(
      await screen.findByText(words.companyFigures('$1,200.00', '$1,200.00', 1)),
    ).toBeInTheDocument();
  });

  it("shows the server's 409 in the dialog, keeping what was typed", async () => {
    const user = userEvent.setup();
    receivablesServer();
    renderWithProviders(<Receivables />);
    const dialog = await openRecordPayment(user, PARTLY_PAID);
    await user.clear(dialog.getByLabelText(words.amount));
    await user.type(dialog.getByLabelText(words.amount), '300.01');
    await user.type(dialog.getByLabelText(words.bankReference), 'TRF-0044');
    await user.click(dialog.getByRole('button', { name: words.record }));

    expect(await dialog.findByRole('alert')).toHaveTextContent(
      texts.receivables.errors.overOpen(300.01, 300),
    );
    expect(dialog.getByLabelText(words.amount)).toHaveValue('300.01');
    expect(dialog.getByLabelText(words.bankReference)).toHaveValue('TRF-0044');
    expect(screen.getByRole('dialog')).toBeVisible();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('checks the form by the contract before sending: a bank reference is needed', async () => {
    const user = userEvent.setup();
    const server = receivablesServer();
    renderWithProviders(<Receivables />);
    const dialog = await openRecordPayment(user, OVERDUE);
    await user.click(dialog.getByRole('button', { name: words.record }));
    expect(
      await dialog.findByText(texts.fieldErrors.required('bankReference')),
    ).toBeInTheDocument();
    expect(dialog.getByLabelText(words.bankReference)).toHaveAttribute('aria-invalid', 'true');
    expect(server.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('says so when the bank reference was recorded already, recording nothing more', async () => {
    const user = userEvent.setup();
    receivablesServer();
    renderWithProviders(<Receivables />);
    const dialog = await openRecordPayment(user, PARTLY_PAID);
    await user.clear(dialog.getByLabelText(words.amount));
    await user.type(dialog.getByLabelText(words.amount), '200');
    await user.type(dialog.getByLabelText(words.bankReference), 'bank-77');
    await user.click(dialog.getByRole('button', { name: words.record }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      words.alreadyRecorded('$200.00', PARTLY_PAID),
    );
  });
});
