import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeIdentityServer, maria } from '../../test/identity';
import { callsTo, silentApi } from '../../test/fake-api';
import { makeCart, makeCartLine, makeOrder } from '../../test/factories';
import { jsonResponse, renderRoutes } from '../../test/render';
import { ShellLayout } from './shell-layout';

function renderShell(route = '/about') {
  return renderRoutes(
    [
      {
        Component: ShellLayout,
        children: [
          { path: '/', element: <h1>Home page</h1> },
          { path: '/about', element: <h1>About page</h1> },
        ],
      },
    ],
    { route },
  );
}

function desktopMenu() {
  return within(screen.getByRole('navigation', { name: 'Main navigation' }));
}

/** The footer's Account link. */
function footerAccount() {
  return within(screen.getByRole('navigation', { name: 'get help' })).getByRole('link', {
    name: 'Account',
  });
}

describe('ShellLayout and the sign-in', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('offers LOGIN to a visitor', async () => {
    fakeIdentityServer();
    renderShell();
    expect(await desktopMenu().findByRole('link', { name: 'LOGIN' })).toBeInTheDocument();
    expect(desktopMenu().queryByRole('link', { name: 'DASHBOARD' })).not.toBeInTheDocument();
    expect(footerAccount()).toHaveAttribute('href', '/login');
  });

  it('shows neither LOGIN nor SIGN OUT while the sign-in is being read', () => {
    silentApi();
    renderShell();
    expect(desktopMenu().queryByRole('link', { name: 'LOGIN' })).not.toBeInTheDocument();
    expect(desktopMenu().queryByRole('button', { name: 'SIGN OUT' })).not.toBeInTheDocument();
  });

  it('switches to DASHBOARD and SIGN OUT for a signed-in user', async () => {
    localStorage.setItem('accessToken', 'token-0');
    fakeIdentityServer({ user: maria });
    renderShell();
    expect(await desktopMenu().findByRole('button', { name: 'SIGN OUT' })).toBeInTheDocument();
    expect(desktopMenu().getByRole('link', { name: 'DASHBOARD' })).toHaveAttribute(
      'href',
      '/dashborad',
    );
    expect(desktopMenu().queryByRole('link', { name: 'LOGIN' })).not.toBeInTheDocument();
    // The footer's Account leads a signed-in user to the dashboard, not to the login page.
    expect(footerAccount()).toHaveAttribute('href', '/dashborad');
  });

  it("shows a customer the cart link with the cart's line count; an admin none, and no cart asked for", async () => {
    localStorage.setItem('accessToken', 'token-0');
    let admin = false;
    const { server } = fakeIdentityServer({
      user: maria,
      answer: ({ url }) => {
        if (url.startsWith('/api/admin/')) return jsonResponse({ admin });
        if (url === '/api/cart') {
          return jsonResponse(
            makeCart([makeCartLine(), makeCartLine({ toolId: crypto.randomUUID() })]),
          );
        }
        return undefined;
      },
    });
    const { unmount } = renderShell();
    const cartLink = await desktopMenu().findByRole('link', { name: 'Cart, 2 lines' });
    expect(cartLink).toHaveAttribute('href', '/cart');

    unmount();
    admin = true;
    server.requests.length = 0;
    renderShell();
    expect(await desktopMenu().findByRole('button', { name: 'SIGN OUT' })).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(
        callsTo(server.requests, 'GET', `/api/admin/${encodeURIComponent(maria.email)}`),
      ).toHaveLength(1),
    );
    expect(desktopMenu().queryByRole('link', { name: /^Cart/ })).not.toBeInTheDocument();
    expect(callsTo(server.requests, 'GET', '/api/cart')).toEqual([]);
  });

  it('SIGN OUT ends the session, removes accessToken, clears the cache and goes to /', async () => {
    localStorage.setItem('accessToken', 'token-0');
    const { server } = fakeIdentityServer({ user: maria });
    const { router, queryClient } = renderShell();
    queryClient.setQueryData(['orders', maria.email], [makeOrder()]);

    await userEvent.click(await desktopMenu().findByRole('button', { name: 'SIGN OUT' }));

    expect(await desktopMenu().findByRole('link', { name: 'LOGIN' })).toBeInTheDocument();
    expect(callsTo(server.requests, 'POST', '/api/auth/sign-out')).toHaveLength(1);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(queryClient.getQueryData(['orders', maria.email])).toBeUndefined();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });

  it('stays signed in when the server cannot end the session (the error shows as a toast)', async () => {
    localStorage.setItem('accessToken', 'token-0');
    const { server } = fakeIdentityServer({ user: maria });
    const { router } = renderShell();
    const signOut = await desktopMenu().findByRole('button', { name: 'SIGN OUT' });
    // Only the sign-out fails: a cart or role read still in flight under load answers as usual.
    server.signOutUnreachable = true;
    await userEvent.click(signOut);
    await vi.waitFor(() =>
      expect(callsTo(server.requests, 'POST', '/api/auth/sign-out')).toHaveLength(1),
    );
    expect(localStorage.getItem('accessToken')).toBe('token-0');
    expect(router.state.location.pathname).toBe('/about');
    expect(desktopMenu().getByRole('button', { name: 'SIGN OUT' })).toBeInTheDocument();
  });
});
