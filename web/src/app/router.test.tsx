import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '../test/render';
import { appRoutes } from './router';

describe('app routes', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse([])),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
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
    ['/myProfileInfo', 'add information'],
    ['/purchase/0d8a3f4e-5b6c-4d7e-8f90-a1b2c3d4e5f6', 'Purchase'],
  ])('renders %s with its page under the top bar', async (path, heading) => {
    renderRoutes(appRoutes, { route: path });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  it.each([
    ['/dashborad', 'Protfolio'],
    ['/dashborad/addreview', 'Add Review'],
    ['/dashborad/orders', 'My Orders'],
    ['/dashborad/users', 'ALL USERS'],
    ['/dashborad/orders/payment/abc', 'Payment'],
    ['/dashborad/addproducts', 'Add Products'],
    ['/dashborad/allorders', 'Manage Orders'],
    ['/dashborad/manageTools', 'Manage Tools'],
    ['/dashborad/myprofile', 'My Profile'],
  ])('renders %s inside the dashboard, without the top bar', async (path, heading) => {
    renderRoutes(appRoutes, { route: path });
    expect(await screen.findByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });

  it('sends /dashboard to /dashborad, keeping the rest of the path', async () => {
    const { router } = renderRoutes(appRoutes, { route: '/dashboard/orders' });
    expect(await screen.findByRole('heading', { level: 2, name: 'My Orders' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashborad/orders');
  });
});
