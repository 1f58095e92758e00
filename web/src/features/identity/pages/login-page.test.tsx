import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as AuthClientModule from '../../../lib/auth-client';
import { fakeIdentityServer, maria } from '../../../test/identity';
import { callsTo } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import { createFakeAuthClient, ok, refused } from '../test/fake-auth-client';
import { texts } from '@tools-factory/contract';
import LoginPage from './login-page';

const authClient = vi.hoisted(() => ({}) as ReturnType<typeof createFakeAuthClient>);
vi.mock('../../../lib/auth-client', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthClientModule>()),
  authClient,
}));

const routes: RouteObject[] = [
  { path: '/login', Component: LoginPage },
  { path: '/', element: <h1>Home page</h1> },
  { path: '/purchase/:id', element: <h1>Purchase page</h1> },
];

const purchaseLocation = { pathname: '/purchase/tool-7', search: '?qty=200', hash: '' };

describe('LoginPage', () => {
  beforeEach(() => {
    Object.assign(authClient, createFakeAuthClient());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("has the product's login: heading, LOGIN, the OR divider and 'Continew with Google'", async () => {
    fakeIdentityServer();
    renderRoutes(routes, { route: '/login' });
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'LOGIN' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Continew with Google' })).toBeInTheDocument();
    expect(screen.getByText('OR')).toBeInTheDocument();
  });

  it('says why the user was signed out when a call found the session ended', async () => {
    fakeIdentityServer();
    const why = texts.identityErrors.sessionEnded;
    renderRoutes(routes, {
      route: { pathname: '/login', state: { from: purchaseLocation, signedOutBecause: why } },
    });
    expect(await screen.findByRole('status')).toHaveTextContent(why);
  });

  it('says nothing of a sign-out on a login page reached by a link', async () => {
    fakeIdentityServer();
    renderRoutes(routes, { route: '/login' });
    expect(await screen.findByRole('button', { name: 'Continew with Google' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows OR and the Google button on a server without Google, which says so in red when pressed', async () => {
    fakeIdentityServer({ googleSignIn: false });
    const { queryClient } = renderRoutes(routes, { route: '/login' });
    // Shown at once, before the server said whether Google is set up (SPEC.md has it always).
    const google = screen.getByRole('button', { name: 'Continew with Google' });
    expect(screen.getByText('OR')).toBeInTheDocument();
    await waitFor(() =>
      expect(queryClient.getQueryData(['identitySettings'])).toEqual({ googleSignIn: false }),
    );
    await userEvent.click(google);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Google sign-in is not available on this server.',
    );
    // Said without leaving for a redirect that could not work.
    expect(authClient.signIn.social).not.toHaveBeenCalled();
    expect(google).toBeEnabled();
  });

  it('says in red why Google sign-in failed on a server without Google', async () => {
    fakeIdentityServer({ googleSignIn: false });
    renderRoutes(routes, { route: '/login?from=%2F&error=access_denied' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Google sign-in did not complete. Please try again.',
    );
  });

  it('after logging in, returns to the remembered location', async () => {
    const { server } = fakeIdentityServer();
    authClient.signIn.email.mockImplementation(() => {
      server.user = maria;
      return ok({ redirect: false, token: 'session-token', user: maria });
    });
    const { router } = renderRoutes(routes, {
      route: { pathname: '/login', state: { from: purchaseLocation } },
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'maria@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));
    expect(await screen.findByRole('heading', { name: 'Purchase page' })).toBeInTheDocument();
    // The router's state settles just after the page has rendered (under load a run read the
    // login's path for a moment), as in the unauthorized handler's test.
    await waitFor(() => expect(router.state.location.pathname).toBe('/purchase/tool-7'));
    expect(router.state.location.search).toBe('?qty=200');
    expect(localStorage.getItem('accessToken')).toBe('token-1');
  });

  it("goes to '/' when nothing was remembered", async () => {
    const { server } = fakeIdentityServer();
    authClient.signIn.email.mockImplementation(() => {
      server.user = maria;
      return ok({ redirect: false, token: 'session-token', user: maria });
    });
    renderRoutes(routes, { route: '/login' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'maria@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });

  it('starts Google sign-in with a way back that remembers the location', async () => {
    fakeIdentityServer();
    authClient.signIn.social.mockReturnValue(ok({ redirect: true, url: 'https://google' }));
    renderRoutes(routes, { route: { pathname: '/login', state: { from: purchaseLocation } } });
    await userEvent.click(await screen.findByRole('button', { name: 'Continew with Google' }));
    // Marked as Google's way back: the app starts at once there to finish the sign-in.
    const returnTo = `/login?from=${encodeURIComponent('/purchase/tool-7?qty=200')}&google=1`;
    expect(authClient.signIn.social).toHaveBeenCalledExactlyOnceWith({
      provider: 'google',
      callbackURL: returnTo,
      errorCallbackURL: returnTo,
    });
    expect(screen.getByRole('button', { name: 'Continew with Google' })).toBeDisabled();
  });

  it('shows in red that Google is not available when the server says so', async () => {
    fakeIdentityServer();
    authClient.signIn.social.mockReturnValue(
      refused('Google sign-in is not available on this server.', 404),
    );
    renderRoutes(routes, { route: '/login' });
    await userEvent.click(await screen.findByRole('button', { name: 'Continew with Google' }));
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('Google sign-in is not available on this server.');
    expect(error).toHaveClass('text-error');
    expect(screen.getByRole('button', { name: 'Continew with Google' })).toBeEnabled();
  });

  it('back from Google with a session but no token: PUT /user, keep the token, go on', async () => {
    const { server } = fakeIdentityServer({ user: maria });
    const { router } = renderRoutes(routes, {
      route: `/login?from=${encodeURIComponent('/purchase/tool-7')}`,
    });
    expect(await screen.findByRole('heading', { name: 'Purchase page' })).toBeInTheDocument();
    // The router's state settles just after the page has rendered (under load a run read the
    // login's path for a moment), as in the unauthorized handler's test.
    await waitFor(() => expect(router.state.location.pathname).toBe('/purchase/tool-7'));
    expect(localStorage.getItem('accessToken')).toBe('token-1');
    expect(callsTo(server.requests, 'PUT', '/api/user/maria%40example.com')).toHaveLength(1);
  });

  it('ignores a remembered location that is not a page of this app', async () => {
    fakeIdentityServer({ user: maria });
    const { router } = renderRoutes(routes, {
      route: `/login?from=${encodeURIComponent('//evil.example/steal')}`,
    });
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('back from Google with an error: says so in red', async () => {
    fakeIdentityServer();
    renderRoutes(routes, { route: '/login?from=%2F&error=access_denied' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Google sign-in did not complete. Please try again.',
    );
  });
});
