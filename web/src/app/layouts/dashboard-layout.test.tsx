import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAccountsServer, maria, type ApiRequest } from '../../test/accounts';
import { jsonResponse, renderRoutes } from '../../test/render';
import DashboardLayout from './dashboard-layout';

function renderDashboard() {
  return renderRoutes(
    [
      {
        path: '/dashborad',
        Component: DashboardLayout,
        children: [{ index: true, element: <h2>Protfolio</h2> }],
      },
    ],
    { route: '/dashborad' },
  );
}

function menu() {
  return within(screen.getByRole('navigation', { name: 'Dashboard' }));
}

const adminAnswer =
  (admin: boolean | 'never') =>
  ({ url }: ApiRequest) =>
    url === '/api/admin/maria%40example.com'
      ? admin === 'never'
        ? new Promise<Response>(() => undefined)
        : jsonResponse({ admin })
      : undefined;

describe('DashboardLayout', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("shows the user's e-mail in the header", async () => {
    localStorage.setItem('accessToken', 'token-0');
    fakeAccountsServer({ user: maria, answer: adminAnswer(false) });
    renderDashboard();
    expect(await screen.findByText('maria@example.com')).toBeInTheDocument();
  });

  it('shows the non-admin menu while the admin flag is unknown', async () => {
    localStorage.setItem('accessToken', 'token-0');
    fakeAccountsServer({ user: maria, answer: adminAnswer('never') });
    renderDashboard();
    await screen.findByText('maria@example.com');
    expect(
      menu()
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Protfolio', 'My Profile', 'Add Review', 'My Orders']);
  });

  it('shows the admin menu when GET /admin says so', async () => {
    localStorage.setItem('accessToken', 'token-0');
    fakeAccountsServer({ user: maria, answer: adminAnswer(true) });
    renderDashboard();
    expect(await menu().findByRole('link', { name: 'ALL USERS' })).toHaveAttribute(
      'href',
      '/dashborad/users',
    );
    expect(
      menu()
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Protfolio', 'Add Products', 'ALL USERS', 'Manage Orders', 'Manage Tools']);
  });

  it('keeps the non-admin menu for a customer', async () => {
    localStorage.setItem('accessToken', 'token-0');
    const { fetchMock } = fakeAccountsServer({ user: maria, answer: adminAnswer(false) });
    renderDashboard();
    await vi.waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/admin/maria%40example.com', expect.anything()),
    );
    expect(menu().getByRole('link', { name: 'My Orders' })).toBeInTheDocument();
    expect(menu().queryByRole('link', { name: 'ALL USERS' })).not.toBeInTheDocument();
  });
});
