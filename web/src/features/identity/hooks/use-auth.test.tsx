import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeIdentityServer, maria } from '../../../test/identity';
import { callsTo } from '../../../test/fake-api';
import { ACCESS_TOKEN_KEY, clearAccessToken } from '../../../lib/access-token';
import { sessionQueryKey, useSession } from '../api/get-session';
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
  vi.unstubAllGlobals();
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

describe('useAuth for a session whose access token storage does not hold', () => {
  it('goes from loading straight to signed in: the token is read with the session', async () => {
    // Back from Google, or a new visit after the token was removed: PUT /user gives one.
    const { server } = fakeIdentityServer({ user: maria });
    const seen: string[] = [];
    function StatusLog() {
      const { status } = useAuth();
      if (seen.at(-1) !== status) seen.push(status);
      return null;
    }
    render(
      <QueryClientProvider client={new QueryClient()}>
        <StatusLog />
      </QueryClientProvider>,
    );

    await waitFor(() => expect(seen.at(-1)).toBe('signedIn'));
    // Each status is a render of every part that asks (the shell, the page): on a phone, each
    // render after hydrating is a long task (issue 27). 'completing' was one more.
    expect(seen).toEqual(['loading', 'signedIn']);
    expect(callsTo(server.requests, 'PUT', '/api/user/maria%40example.com')).toHaveLength(1);
    expect(window.localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('token-1');
  });
});

type SeenRender = { sessionKnown: boolean; status: string };

/** Renders a part reading the session query and useAuth; each of its renders is logged. */
function renderSessionAndStatus(client: QueryClient): SeenRender[] {
  const renders: SeenRender[] = [];
  function SessionAndStatus() {
    const session = useSession();
    const { status } = useAuth();
    // null (signed out) is known too; undefined is not yet.
    renders.push({ sessionKnown: session.data !== undefined, status });
    return null;
  }
  render(
    <QueryClientProvider client={client}>
      <SessionAndStatus />
    </QueryClientProvider>,
  );
  return renders;
}

describe('useAuth when the session arrives after hydrating', () => {
  it('renders the new sign-in as a transition: the query’s own update still shows the last state', async () => {
    // The query's update is rendered by React in one task (a store's update); a transition
    // yields to the browser every few milliseconds (issue 27: long tasks on a phone). Deferred,
    // the render the answer itself causes still says 'loading', and the transition after it
    // says 'signedIn'; rendered at once, no render ever pairs a known session with 'loading'.
    window.localStorage.setItem(ACCESS_TOKEN_KEY, 'token-of-maria');
    fakeIdentityServer({ user: maria });
    const renders = renderSessionAndStatus(new QueryClient());

    await waitFor(() => expect(renders.at(-1)?.status).toBe('signedIn'));
    const firstKnown = renders.findIndex((seen) => seen.sessionKnown);
    expect(renders[firstKnown]).toEqual({ sessionKnown: true, status: 'loading' });
    expect(renders.slice(firstKnown + 1).map((seen) => seen.status)).toContain('signedIn');
  });
});

describe('useAuth when the session ends', () => {
  it('says signed out in the very render that learns it: no part calls the API as signed in after', async () => {
    // Signing in is shown as a transition (above); signing out must not be: a part still shown
    // as signed in would ask for the cart or the admin flag without a token (a 401 each).
    window.localStorage.setItem(ACCESS_TOKEN_KEY, 'token-of-maria');
    fakeIdentityServer({ user: maria });
    const client = new QueryClient();
    const renders = renderSessionAndStatus(client);
    await waitFor(() => expect(renders.at(-1)?.status).toBe('signedIn'));

    // What signing out does (use-sign-out.ts): the session set to none, the token removed.
    const before = renders.length;
    await act(async () => {
      client.setQueryData(sessionQueryKey, null);
      clearAccessToken();
    });
    await waitFor(() => expect(renders.at(-1)?.status).toBe('signedOut'));

    const after = renders.slice(before);
    expect(after.filter((seen) => seen.status === 'signedIn')).toEqual([]);
    expect(after.at(-1)).toEqual({ sessionKnown: true, status: 'signedOut' });
  });
});
