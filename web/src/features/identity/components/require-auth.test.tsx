import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeIdentityServer, maria } from '../../../test/identity';
import { callsTo, silentApi } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import { RequireAuth } from './require-auth';

function LoginProbe() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string } } | null)?.from;
  return <h1>Login from {from?.pathname ?? 'nowhere'}</h1>;
}

function renderProtected() {
  return renderRoutes(
    [
      { path: '/login', Component: LoginProbe },
      {
        path: '/purchase/:id',
        element: (
          <RequireAuth>
            <h1>Purchase page</h1>
          </RequireAuth>
        ),
      },
    ],
    { route: '/purchase/tool-7' },
  );
}

describe('RequireAuth', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows a spinner while the sign-in is being read', () => {
    silentApi();
    renderProtected();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByRole('heading', { name: 'Purchase page' })).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor to /login, remembering the location', async () => {
    fakeIdentityServer();
    const { router } = renderProtected();
    expect(
      await screen.findByRole('heading', { name: 'Login from /purchase/tool-7' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    // Replaced, so Back does not bounce between the page and /login.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('renders the page for a signed-in user', async () => {
    localStorage.setItem('accessToken', 'token-0');
    fakeIdentityServer({ user: maria });
    renderProtected();
    expect(await screen.findByRole('heading', { name: 'Purchase page' })).toBeInTheDocument();
  });

  it('gets the access token first when the session has none (PUT /user), then renders', async () => {
    const { server } = fakeIdentityServer({ user: maria });
    renderProtected();
    expect(await screen.findByRole('heading', { name: 'Purchase page' })).toBeInTheDocument();
    expect(localStorage.getItem('accessToken')).toBe('token-1');
    expect(callsTo(server.requests, 'PUT', '/api/user/maria%40example.com')).toHaveLength(1);
  });

  it('treats a stored token without a session as signed out', async () => {
    localStorage.setItem('accessToken', 'token-0');
    fakeIdentityServer();
    renderProtected();
    expect(
      await screen.findByRole('heading', { name: 'Login from /purchase/tool-7' }),
    ).toBeInTheDocument();
  });
});
