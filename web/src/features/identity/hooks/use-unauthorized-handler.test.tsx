import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api-client';
import { fakeIdentityServer, maria } from '../../../test/identity';
import { callsTo, type ApiRequest } from '../../../test/fake-api';
import { jsonResponse, renderRoutes } from '../../../test/render';
import { signedOutBecause, useUnauthorizedHandler } from './use-unauthorized-handler';

/** A page making one bearer call, inside a frame that registers the 401 handler. */
function OrdersPage() {
  const orders = useQuery({
    queryKey: ['orders'],
    queryFn: () => api.get<{ _id: string }[]>('/orders?email=maria%40example.com'),
  });
  if (orders.isError) return <p>{orders.error.message}</p>;
  return <h1>{orders.data ? `${orders.data.length} order` : 'Loading orders'}</h1>;
}

function Frame({ children }: { children: ReactNode }) {
  useUnauthorizedHandler();
  return children;
}

function LoginProbe() {
  const { state } = useLocation();
  const from = (state as { from?: { pathname: string } } | null)?.from;
  return (
    <>
      <h1>Login from {from?.pathname}</h1>
      <p>Because: {signedOutBecause(state)}</p>
    </>
  );
}

/** GET /orders accepts only the token PUT /user issued first (token-1). */
function ordersAnswer({ method, url, headers }: ApiRequest) {
  if (method !== 'GET' || !url.startsWith('/api/orders')) return undefined;
  return headers.get('Authorization') === 'Bearer token-1'
    ? jsonResponse([{ _id: 'order-1' }])
    : jsonResponse({ message: 'Your session has expired.', statusCode: 401 }, 401);
}

function renderOrders() {
  return renderRoutes(
    [
      {
        path: '/dashborad/orders',
        element: (
          <Frame>
            <OrdersPage />
          </Frame>
        ),
      },
      { path: '/login', Component: LoginProbe },
    ],
    { route: '/dashborad/orders' },
  );
}

describe('useUnauthorizedHandler', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('renews an expired token through PUT /user while the session lives, and the call succeeds', async () => {
    localStorage.setItem('accessToken', 'expired-token');
    const { server } = fakeIdentityServer({ user: maria, answer: ordersAnswer });
    renderOrders();
    expect(await screen.findByRole('heading', { name: '1 order' })).toBeInTheDocument();
    expect(localStorage.getItem('accessToken')).toBe('token-1');
    expect(callsTo(server.requests, 'PUT', '/api/user/maria%40example.com')).toHaveLength(1);
    expect(callsTo(server.requests, 'GET', '/api/orders?email=maria%40example.com')).toHaveLength(
      2,
    );
  });

  it('without a session: signs out, removes accessToken and goes to /login, remembering the page', async () => {
    localStorage.setItem('accessToken', 'expired-token');
    const { server } = fakeIdentityServer({ answer: ordersAnswer });
    const { router } = renderOrders();
    expect(
      await screen.findByRole('heading', { name: 'Login from /dashborad/orders' }),
    ).toBeInTheDocument();
    // The router's state settles just after the login page has rendered (a loaded machine showed
    // the old path for a moment).
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('accessToken')).toBeNull();
    // The login page is told why, in the server's words.
    expect(screen.getByText('Because: Your session has expired.')).toBeInTheDocument();
    expect(callsTo(server.requests, 'POST', '/api/auth/sign-out')).toHaveLength(1);
    expect(callsTo(server.requests, 'PUT', '/api/user/maria%40example.com')).toHaveLength(0);
  });
});
