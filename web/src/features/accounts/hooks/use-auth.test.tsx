import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_KEY } from '../../../lib/access-token';
import { sessionQueryKey } from '../api/get-session';
import { useAuth } from './use-auth';

function AuthStatus() {
  return <p data-testid="status">{useAuth().status}</p>;
}

const withClient = (client: QueryClient) => (
  <QueryClientProvider client={client}>
    <AuthStatus />
  </QueryClientProvider>
);

const signedInSession = {
  user: { id: 'u1', email: 'ada@example.com', name: 'Ada', emailVerified: true },
  session: { id: 's1', expiresAt: '2030-01-01T00:00:00.000Z' },
};

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  window.localStorage.clear();
});

describe('useAuth while a server-rendered page hydrates', () => {
  it('says loading, as the server did, though the session and token are known by then', async () => {
    // The server never knows the session: its HTML says 'loading'.
    const container = document.createElement('div');
    container.innerHTML = renderToString(withClient(new QueryClient()));
    document.body.append(container);
    expect(container.textContent).toBe('loading');

    // The browser: the session arrived (for the shell) before this part hydrates, and the
    // access token is in storage.
    window.localStorage.setItem(ACCESS_TOKEN_KEY, 'token-of-ada');
    const browserClient = new QueryClient();
    browserClient.setQueryData(sessionQueryKey, signedInSession);
    const mismatches: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(container, withClient(browserClient), {
        onRecoverableError: (error) => mismatches.push(error),
      });
    });

    expect(mismatches).toEqual([]);
    // Hydrated, the part shows who is signed in.
    expect(screen.getByTestId('status')).toHaveTextContent('signedIn');
  });
});
