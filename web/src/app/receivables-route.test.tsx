import { screen } from '@testing-library/react';
import { texts } from '@tools-factory/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../test/fake-api';
import { jsonResponse, renderRoutes } from '../test/render';
import { receivablesOf, twoCompanies } from '../features/receivables/test/receivables-server';
import { appRoutes } from './router';

const words = texts.receivables.page;

/** Signed in as Maria, an admin or not; GET /api/manageReceivables answers two companies. */
function signedIn({ admin }: { admin: boolean }) {
  localStorage.setItem('accessToken', 'token-1');
  return fakeApi(({ url }) => {
    if (url === '/api/auth/get-session') {
      return jsonResponse({
        user: { id: 'u1', email: 'maria@example.com', name: 'Maria', emailVerified: true },
        session: { id: 's1', expiresAt: '2099-01-01T00:00:00.000Z' },
      });
    }
    if (url.startsWith('/api/admin/')) return jsonResponse({ admin });
    if (url === '/api/manageReceivables') return jsonResponse(receivablesOf(twoCompanies()));
    return jsonResponse([]);
  });
}

describe('the Receivables page (/dashborad/receivables, issue 45)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows a shop admin the open invoices, with Receivables in the menu and the title', async () => {
    signedIn({ admin: true });
    renderRoutes(appRoutes, { route: '/dashborad/receivables' });
    expect(await screen.findByRole('heading', { level: 2, name: words.title })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 3, name: 'Keel Fasteners Ltd' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: texts.dashboard.receivables })).toHaveAttribute(
      'href',
      '/dashborad/receivables',
    );
    await vi.waitFor(() => expect(document.title).toBe('Receivables | Tools Factory'));
  });

  it('refuses a customer in words, never asking for the invoices, and has no Receivables in the menu', async () => {
    const { requests } = signedIn({ admin: false });
    renderRoutes(appRoutes, { route: '/dashborad/receivables' });
    expect(await screen.findByText('Only admins can see this page.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: words.title })).toBeNull();
    expect(screen.queryByRole('link', { name: texts.dashboard.receivables })).toBeNull();
    expect(requests.some((request) => request.url === '/api/manageReceivables')).toBe(false);
  });
});
