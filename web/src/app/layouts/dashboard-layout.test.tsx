import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeIdentityServer, maria } from '../../test/identity';
import { callsTo, type ApiRequest } from '../../test/fake-api';
import { makeCart, makeCartLine } from '../../test/factories';
import { jsonResponse, renderRoutes } from '../../test/render';
import DashboardLayout from './dashboard-layout';

function renderDashboard() {
  return renderRoutes(
    [
      { path: '/', element: <h1>Home page</h1> },
      { path: '/login', element: <h1>Login page</h1> },
      {
        path: '/dashborad',
        Component: DashboardLayout,
        children: [
          { index: true, element: <h2>Protfolio</h2> },
          { path: 'orders', element: <h2>My Orders</h2> },
        ],
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

function signedIn(admin: boolean | 'never' = false) {
  localStorage.setItem('accessToken', 'token-0');
  return fakeIdentityServer({ user: maria, answer: adminAnswer(admin) });
}

describe('DashboardLayout', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("shows a customer the cart link with the cart's line count in the header; an admin none", async () => {
    localStorage.setItem('accessToken', 'token-0');
    const cart = makeCart([makeCartLine()]);
    let admin = false;
    fakeIdentityServer({
      user: maria,
      answer: (request) =>
        request.url === '/api/cart' ? jsonResponse(cart) : adminAnswer(admin)(request),
    });
    const { unmount } = renderDashboard();
    const header = within(screen.getByRole('banner'));
    expect(await header.findByRole('link', { name: 'Cart, 1 line' })).toHaveAttribute(
      'href',
      '/cart',
    );
    unmount();

    admin = true;
    renderDashboard();
    expect(await menu().findByRole('link', { name: 'ALL USERS' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('banner')).queryByRole('link', { name: /^Cart/ }),
    ).not.toBeInTheDocument();
  });

  it("shows the user's e-mail in the header", async () => {
    signedIn();
    renderDashboard();
    expect(await screen.findByText('maria@example.com')).toBeInTheDocument();
  });

  it('shows the non-admin menu while the admin flag is unknown', async () => {
    signedIn('never');
    renderDashboard();
    await screen.findByText('maria@example.com');
    expect(
      menu()
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Protfolio',
      'My Profile',
      'Add Review',
      'My Orders',
      'Quick order',
      'My Quotes',
      'Company',
    ]);
  });

  it('shows the admin menu when GET /admin says so', async () => {
    signedIn(true);
    renderDashboard();
    expect(await menu().findByRole('link', { name: 'ALL USERS' })).toHaveAttribute(
      'href',
      '/dashborad/users',
    );
    expect(
      menu()
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Protfolio',
      'Add Products',
      'ALL USERS',
      'Companies',
      'Manage Orders',
      'Quotes',
      'Sales',
      'Receivables',
      'Stock holds',
      'Reviews',
      'Messages',
      'Manage Tools',
      'My Profile',
    ]);
    expect(menu().getByRole('link', { name: 'Sales' })).toHaveAttribute('href', '/dashborad/sales');
    expect(menu().getByRole('link', { name: 'Receivables' })).toHaveAttribute(
      'href',
      '/dashborad/receivables',
    );
    expect(menu().getByRole('link', { name: 'Quotes' })).toHaveAttribute(
      'href',
      '/dashborad/quotes',
    );
    // An admin answers quotes (Quotes); My Quotes is the customers' page.
    expect(menu().queryByRole('link', { name: 'My Quotes' })).toBeNull();
  });

  it('keeps the non-admin menu for a customer', async () => {
    const { fetchMock } = signedIn(false);
    renderDashboard();
    await vi.waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/admin/maria%40example.com', expect.anything()),
    );
    expect(menu().getByRole('link', { name: 'My Orders' })).toBeInTheDocument();
    expect(menu().queryByRole('link', { name: 'ALL USERS' })).not.toBeInTheDocument();
    // Quotes is the admins'; a customer's own quotes are in My Quotes.
    expect(menu().getByRole('link', { name: 'My Quotes' })).toHaveAttribute(
      'href',
      '/dashborad/myquotes',
    );
    expect(menu().queryByRole('link', { name: 'Quotes' })).not.toBeInTheDocument();
  });

  it('HOME in the header leads to the home page', async () => {
    signedIn();
    const { router } = renderDashboard();
    await userEvent.click(await screen.findByRole('link', { name: 'HOME' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('SIGN OUT in the header ends the session, removes accessToken and goes to /', async () => {
    const { server } = signedIn();
    const { router } = renderDashboard();
    await screen.findByText('maria@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'SIGN OUT' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(callsTo(server.requests, 'POST', '/api/auth/sign-out')).toHaveLength(1);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });

  describe('the drawer (below md)', () => {
    it('opens from a labelled toggle and takes the focus into the menu', async () => {
      signedIn();
      renderDashboard();
      const toggle = await screen.findByRole('button', { name: 'Open dashboard menu' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      const drawer = document.getElementById(toggle.getAttribute('aria-controls')!);
      expect(drawer).toContainElement(screen.getByRole('navigation', { name: 'Dashboard' }));

      await userEvent.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(screen.getByRole('button', { name: 'Close dashboard menu' })).toHaveFocus();
    });

    it('closes on Escape, giving the focus back to the toggle', async () => {
      signedIn();
      renderDashboard();
      const user = userEvent.setup();
      const toggle = await screen.findByRole('button', { name: 'Open dashboard menu' });
      await user.click(toggle);
      await user.keyboard('{Escape}');
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(toggle).toHaveFocus();
    });

    it('closes with its Close button', async () => {
      signedIn();
      renderDashboard();
      const user = userEvent.setup();
      const toggle = await screen.findByRole('button', { name: 'Open dashboard menu' });
      await user.click(toggle);
      await user.click(screen.getByRole('button', { name: 'Close dashboard menu' }));
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(toggle).toHaveFocus();
    });

    it('keeps Tab inside while open', async () => {
      signedIn();
      renderDashboard();
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Open dashboard menu' }));
      const close = screen.getByRole('button', { name: 'Close dashboard menu' });
      const links = menu().getAllByRole('link');
      links.at(-1)!.focus();
      await user.tab();
      expect(close).toHaveFocus();
      await user.tab({ shift: true });
      expect(links.at(-1)).toHaveFocus();
    });

    it('navigates with the keyboard and closes on the way', async () => {
      signedIn();
      const { router } = renderDashboard();
      const user = userEvent.setup();
      const toggle = await screen.findByRole('button', { name: 'Open dashboard menu' });
      await user.click(toggle);
      menu().getByRole('link', { name: 'My Orders' }).focus();
      await user.keyboard('{Enter}');
      expect(await screen.findByRole('heading', { name: 'My Orders' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/dashborad/orders');
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(toggle).toHaveFocus();
    });
  });
});
