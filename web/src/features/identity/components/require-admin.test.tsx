import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeIdentityServer, maria } from '../../../test/identity';
import { callsTo, type ApiRequest } from '../../../test/fake-api';
import { jsonResponse, renderRoutes } from '../../../test/render';
import { RequireAdmin } from './require-admin';

function renderAdminPage() {
  return renderRoutes(
    [
      { path: '/dashborad', element: <h2>Protfolio</h2> },
      {
        Component: RequireAdmin,
        children: [{ path: '/dashborad/users', element: <h2>ALL USERS page</h2> }],
      },
    ],
    { route: '/dashborad/users' },
  );
}

function signedIn(answer: (request: ApiRequest) => Response | Promise<Response> | undefined) {
  localStorage.setItem('accessToken', 'token-0');
  return fakeIdentityServer({ user: maria, answer });
}

const adminFlag = (admin: boolean) => (request: ApiRequest) =>
  request.url === '/api/admin/maria%40example.com' ? jsonResponse({ admin }) : undefined;

describe('RequireAdmin', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows a spinner, not the page, while the admin flag is read', async () => {
    const { fetchMock } = signedIn(() => new Promise<Response>(() => undefined));
    renderAdminPage();
    await vi.waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/admin/maria%40example.com', expect.anything()),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByRole('heading', { name: 'ALL USERS page' })).not.toBeInTheDocument();
  });

  it('renders the page for an admin', async () => {
    signedIn(adminFlag(true));
    renderAdminPage();
    expect(await screen.findByRole('heading', { name: 'ALL USERS page' })).toBeInTheDocument();
  });

  it('refuses a customer in words, with the way back to the dashboard', async () => {
    signedIn(adminFlag(false));
    const { router } = renderAdminPage();
    expect(await screen.findByRole('heading', { name: 'Admins only' })).toBeInTheDocument();
    expect(screen.getByText('Only admins can see this page.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'ALL USERS page' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Back to the dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Protfolio' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashborad');
  });

  it('shows the failure, never the page, when the flag cannot be read, and retries', async () => {
    let fail = true;
    const { server } = signedIn((request) =>
      request.url === '/api/admin/maria%40example.com'
        ? fail
          ? jsonResponse({ message: 'The service is briefly unavailable.', statusCode: 503 }, 503)
          : jsonResponse({ admin: true })
        : undefined,
    );
    renderAdminPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The service is briefly unavailable.',
    );
    expect(screen.queryByRole('heading', { name: 'ALL USERS page' })).not.toBeInTheDocument();

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'ALL USERS page' })).toBeInTheDocument();
    expect(callsTo(server.requests, 'GET', '/api/admin/maria%40example.com')).toHaveLength(2);
  });
});
