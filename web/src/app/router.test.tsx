import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../test/fake-api';
import { jsonResponse, renderRoutes } from '../test/render';
import { appRoutes } from './router';
import { hammer, makeCart } from '../test/factories';

const signedInSession = {
  user: { id: 'u1', email: 'maria@example.com', name: 'Maria', emailVerified: true },
  session: { id: 's1', expiresAt: '2099-01-01T00:00:00.000Z' },
};

/** Our API: the session (signed in or not), one tool, and an empty list for anything else. */
function stubApi({ signedIn, admin = false }: { signedIn: boolean; admin?: boolean }) {
  if (signedIn) localStorage.setItem('accessToken', 'token-1');
  return fakeApi(({ url }) => {
    if (url === '/api/auth/get-session') return jsonResponse(signedIn ? signedInSession : null);
    if (url.startsWith('/api/admin/')) return jsonResponse({ admin });
    if (url.startsWith('/api/tool/')) return jsonResponse(hammer);
    // A customer's cart (the top bar's and the dashboard header's link count its lines).
    if (url === '/api/cart') return jsonResponse(makeCart([]));
    return jsonResponse([]);
  });
}

describe('app routes', () => {
  beforeEach(() => {
    stubApi({ signedIn: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows the not-found text for any other path, inside the shell', async () => {
    renderRoutes(appRoutes, { route: '/no/such/page' });
    expect(
      await screen.findByRole('heading', { name: 'This page is not Found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ABOUT' })).toBeInTheDocument();
    expect(screen.getByText('Copyright 2023 - All right reserved')).toBeInTheDocument();
  });

  it.each([
    ['/', 'Welcome to Tools Factory'],
    ['/home', 'Welcome to Tools Factory'],
    ['/about', 'ABOUT'],
    ['/blogs', 'BLOGS'],
    ['/login', 'Login'],
    ['/signup', 'Sign Up'],
    ['/reset-password', 'Resate password'],
  ])('renders %s with its page under the top bar', async (path, heading) => {
    renderRoutes(appRoutes, { route: path });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  it('renders the protected /purchase/{id} for a signed-in user', async () => {
    stubApi({ signedIn: true });
    renderRoutes(appRoutes, { route: '/purchase/0d8a3f4e-5b6c-4d7e-8f90-a1b2c3d4e5f6' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Purchase' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'SIGN OUT' })).toBeInTheDocument();
  });

  it('reads the session and the admin flag once for the purchase page, though its order form mounts after them', async () => {
    // Each answer re-renders the page: on a phone, one read each (issue 27).
    const { requests } = stubApi({ signedIn: true });
    renderRoutes(appRoutes, { route: '/purchase/0d8a3f4e-5b6c-4d7e-8f90-a1b2c3d4e5f6' });
    expect(await screen.findByRole('button', { name: 'Place Order' })).toBeInTheDocument();
    const reads = (path: string) => requests.filter(({ url }) => url.startsWith(path)).length;
    expect(reads('/api/auth/get-session')).toBe(1);
    expect(reads('/api/admin/')).toBe(1);
  });

  it('opens the add-information modal on My Profile for /myProfileInfo', async () => {
    stubApi({ signedIn: true });
    const { router } = renderRoutes(appRoutes, { route: '/myProfileInfo' });
    expect(await screen.findByRole('dialog', { name: 'add information' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashborad/myprofile');
    expect(screen.getByRole('heading', { level: 2, name: 'My Profile' })).toBeInTheDocument();
  });

  it.each([
    '/myProfileInfo',
    '/purchase/0d8a3f4e-5b6c-4d7e-8f90-a1b2c3d4e5f6',
    '/dashborad/orders',
  ])(
    'sends a signed-out visitor of %s to /login, remembering where they were going',
    async (path) => {
      const { router } = renderRoutes(appRoutes, { route: path });
      expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
      expect(router.state.location.state).toMatchObject({ from: { pathname: path } });
    },
  );

  it.each([
    ['/dashborad', 'Protfolio'],
    ['/dashborad/addreview', 'Add Review'],
    ['/dashborad/orders', 'My Orders'],
    ['/dashborad/orders/payment/abc', 'Payment'],
    ['/dashborad/myprofile', 'My Profile'],
    ['/dashborad/myquotes', 'My Quotes'],
    ['/dashborad/quickorder', 'Quick order'],
  ])('renders %s inside the dashboard, without the top bar', async (path, heading) => {
    stubApi({ signedIn: true });
    renderRoutes(appRoutes, { route: path });
    expect(await screen.findByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });

  const adminPages = [
    ['/dashborad/users', /^ALL USERS/],
    ['/dashborad/addproducts', /^Add Product/],
    ['/dashborad/allorders', /^Manage Orders/],
    ['/dashborad/manageTools', /^Manage Tools/],
    ['/dashborad/quotes', /^Quotes/],
    ['/dashborad/companies', /^Companies/],
  ] as const;

  it.each(adminPages)(
    'renders the admin page %s inside the dashboard for an admin',
    async (path, heading) => {
      stubApi({ signedIn: true, admin: true });
      renderRoutes(appRoutes, { route: path });
      // Three chunks on the way (layout, guard, page): more than the default second under load.
      expect(
        await screen.findByRole('heading', { level: 2, name: heading }, { timeout: 5000 }),
      ).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    },
  );

  it.each(adminPages)(
    'refuses the admin page %s to a customer, in words',
    async (path, heading) => {
      stubApi({ signedIn: true, admin: false });
      renderRoutes(appRoutes, { route: path });
      expect(
        await screen.findByText('Only admins can see this page.', {}, { timeout: 5000 }),
      ).toBeInTheDocument();
      expect(screen.queryByRole('heading', { level: 2, name: heading })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute(
        'href',
        '/dashborad',
      );
    },
  );

  it.each([
    ['/dashborad/myquotes', false, 'My Quotes | Tools Factory'],
    ['/dashborad/quickorder', false, 'Quick order | Tools Factory'],
    ['/dashborad/quotes', true, 'Quotes | Tools Factory'],
  ])('names %s in the document title', async (path, admin, title) => {
    stubApi({ signedIn: true, admin });
    renderRoutes(appRoutes, { route: path });
    await vi.waitFor(() => expect(document.title).toBe(title));
  });

  it('sends /dashboard to /dashborad, keeping the rest of the path', async () => {
    stubApi({ signedIn: true });
    const { router } = renderRoutes(appRoutes, { route: '/dashboard/orders' });
    expect(await screen.findByRole('heading', { level: 2, name: 'My Orders' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashborad/orders');
  });
});
