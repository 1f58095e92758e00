import { MANAGED_COMPANIES_PAGE_SIZE, type ManagedCompanySummary } from '@tools-factory/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, fakeApi, type ApiRequest } from '../../../test/fake-api';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { HARBOUR_ID, makeCompanySummary } from '../test/managed-companies-data';
import { ManagedCompanies } from './managed-companies';

/**
 * GET /api/manageCompanies over the companies held here, newest first as given: `q` in the
 * legal name or tax number, a page at a time (its cursor, opaque to the page: the start).
 */
function fakeCompaniesApi(
  companies: ManagedCompanySummary[],
  refuse: (call: ApiRequest) => { status: number; message: string } | undefined = () => undefined,
) {
  return fakeApi((call) => {
    const refusal = refuse(call);
    if (refusal) {
      return jsonResponse({ message: refusal.message, statusCode: refusal.status }, refusal.status);
    }
    if (call.method !== 'GET' || !call.url.startsWith('/api/manageCompanies')) return undefined;
    const query = new URLSearchParams(call.url.split('?')[1] ?? '');
    const q = query.get('q')?.toLowerCase();
    const start = Number(query.get('after')?.replace('from-', '') ?? 0);
    const found = companies.filter(
      (company) => !q || `${company.legalName} ${company.taxNumber}`.toLowerCase().includes(q),
    );
    const end = start + MANAGED_COMPANIES_PAGE_SIZE;
    return jsonResponse({
      companies: found.slice(start, end),
      total: found.length,
      next: end < found.length ? `from-${end}` : null,
    });
  });
}

function renderCompanies() {
  localStorage.setItem('accessToken', 'token-7');
  return renderWithProviders(<ManagedCompanies />);
}

const row = (name: string) =>
  within(within(screen.getByRole('table')).getByRole('row', { name: new RegExp(name) }));

describe('ManagedCompanies', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('lists each company: name (its page), tax number, members, admins, checkouts, approvals, created', async () => {
    const api = fakeCompaniesApi([
      makeCompanySummary({ awaitingApproval: 1 }),
      makeCompanySummary({
        _id: '8e1c2d3e-1111-4222-8333-944455566677',
        legalName: 'Anvil Traders',
        taxNumber: '',
        members: 1,
        checkouts: 0,
      }),
    ]);
    renderCompanies();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    const harbour = await screen.findByRole('link', { name: 'Harbour Fittings Ltd' });
    expect(harbour).toHaveAttribute('href', `/dashborad/companies/${HARBOUR_ID}`);
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Legal name',
      'Tax number',
      'Members',
      'Admins',
      'Checkouts',
      'Awaiting approval',
      'Created',
    ]);
    const cells = row('Harbour Fittings Ltd')
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 5)).toEqual([
      'Tax numberBD-123456',
      'Members2',
      'AdminsCora Company',
      'Checkouts1',
      'Awaiting approval1',
    ]);
    expect(row('Anvil Traders').getByText('Not given')).toBeInTheDocument();
    expect(
      callsTo(api.requests, 'GET', '/api/manageCompanies')[0]?.headers.get('Authorization'),
    ).toBe('Bearer token-7');
  });

  it('pages by the answer’s next, and finds by legal name or tax number', async () => {
    const many = Array.from({ length: MANAGED_COMPANIES_PAGE_SIZE + 3 }, (_, index) =>
      makeCompanySummary({
        _id: `8e1c2d3e-1111-4222-8333-${String(index).padStart(12, '0')}`,
        legalName: `Fitters ${index + 1} Ltd`,
        taxNumber: `TX-${index + 1}`,
      }),
    );
    const api = fakeCompaniesApi(many);
    const user = userEvent.setup();
    renderCompanies();
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Fitters 53 Ltd' })).toBeInTheDocument();
    expect(callsTo(api.requests, 'GET', '/api/manageCompanies?after=from-50')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();

    // Pasted, not typed key by key: each key would render the fifty rows again (slow on a busy
    // machine), and the search is sent by its button either way.
    await user.click(screen.getByRole('searchbox', { name: 'Search' }));
    await user.paste('tx-5');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    // TX-5 and TX-50 to TX-53.
    expect(await screen.findByText('5 companies match')).toBeInTheDocument();
    expect(callsTo(api.requests, 'GET', '/api/manageCompanies?q=tx-5')).toHaveLength(1);
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.paste('nobody');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No company matches this search')).toBeInTheDocument();
  });

  it('says when there is no company yet', async () => {
    fakeCompaniesApi([]);
    renderCompanies();
    expect(await screen.findByText('No company account yet.')).toBeInTheDocument();
  });

  it('shows the failure to list, with a way to try again', async () => {
    fakeCompaniesApi([], () => ({ status: 403, message: 'Only admins can do this.' }));
    renderCompanies();
    expect(await screen.findByRole('alert')).toHaveTextContent('Only admins can do this.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
