import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as AuthClientModule from '../../../lib/auth-client';
import { fakeIdentityServer, maria } from '../../../test/identity';
import { callsTo } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import SignupPage from '../pages/signup-page';
import { createFakeAuthClient, ok, refused } from '../test/fake-auth-client';

const authClient = vi.hoisted(() => ({}) as ReturnType<typeof createFakeAuthClient>);
vi.mock('../../../lib/auth-client', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthClientModule>()),
  authClient,
}));

function renderSignup() {
  const user = userEvent.setup();
  const rendered = renderRoutes(
    [
      { path: '/signup', Component: SignupPage },
      { path: '/', element: <h1>Home page</h1> },
    ],
    { route: { pathname: '/signup', state: { from: { pathname: '/purchase/tool-7' } } } },
  );
  return {
    ...rendered,
    user,
    name: screen.getByLabelText('Name'),
    email: screen.getByLabelText('Email'),
    password: screen.getByLabelText('Password'),
    signUp: screen.getByRole('button', { name: 'SIGNUP' }),
  };
}

/** The identity service as it answers a good sign-up: account created and signed in. */
function acceptSignUp(server: { user: typeof maria | null }) {
  authClient.signUp.email.mockImplementation(() => {
    server.user = maria;
    return ok({ token: 'session-token', user: maria });
  });
  authClient.sendVerificationEmail.mockReturnValue(ok({ status: true }));
  authClient.getSession.mockImplementation(() =>
    ok(server.user ? { user: server.user, session: {} } : null),
  );
  authClient.updateUser.mockReturnValue(ok({ status: true }));
}

describe('SignupForm', () => {
  beforeEach(() => {
    Object.assign(authClient, createFakeAuthClient());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('has name, e-mail, password, SIGNUP, a link to /login and the Google button', async () => {
    fakeIdentityServer();
    renderSignup();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Please login' })).toHaveAttribute('href', '/login');
    expect(await screen.findByRole('button', { name: 'Continew with Google' })).toBeInTheDocument();
  });

  it('has the Google button on a server without Google too, which says so in red', async () => {
    fakeIdentityServer({ googleSignIn: false });
    const { queryClient, user } = renderSignup();
    await waitFor(() =>
      expect(queryClient.getQueryData(['identitySettings'])).toEqual({ googleSignIn: false }),
    );
    expect(screen.getByText('OR')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continew with Google' }));
    expect(
      await screen.findByText('Google sign-in is not available on this server.'),
    ).toBeVisible();
  });

  it("says 'name is required', 'email is required' and 'password is required'", async () => {
    fakeIdentityServer();
    const { user, signUp } = renderSignup();
    await user.click(signUp);
    expect(await screen.findByText('name is required')).toBeInTheDocument();
    expect(screen.getByText('email is required')).toBeInTheDocument();
    expect(screen.getByText('password is required')).toBeInTheDocument();
    expect(authClient.signUp.email).not.toHaveBeenCalled();
  });

  it("says 'Please provide a valid Email' and 'Must be 6 characters or longer'", async () => {
    fakeIdentityServer();
    const { user, name, email, password, signUp } = renderSignup();
    await user.type(name, 'Maria');
    await user.type(email, 'maria@example');
    await user.type(password, 'abc');
    await user.click(signUp);
    expect(await screen.findByText('Please provide a valid Email')).toBeInTheDocument();
    expect(screen.getByText('Must be 6 characters or longer')).toBeInTheDocument();
    expect(screen.queryByText('name is required')).not.toBeInTheDocument();
  });

  it('creates the account, sends the verification, sets the name, PUT /user, keeps the token, goes to /', async () => {
    const { server } = fakeIdentityServer();
    acceptSignUp(server);
    const { user, name, email, password, signUp, router } = renderSignup();
    await user.type(name, 'Maria Lopez');
    await user.type(email, 'maria@example.com');
    await user.type(password, 'secret1');
    await user.click(signUp);

    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    // After sign-up the user goes to '/', not to a remembered location (SPEC.md section 2).
    expect(router.state.location.pathname).toBe('/');
    expect(authClient.signUp.email).toHaveBeenCalledWith({
      name: 'Maria Lopez',
      email: 'maria@example.com',
      password: 'secret1',
    });
    // The link comes back to '/', told to say the e-mail is verified.
    expect(authClient.sendVerificationEmail).toHaveBeenCalledWith({
      email: 'maria@example.com',
      callbackURL: '/?verified=1',
    });
    expect(
      await screen.findByText(
        'Check your inbox: we sent a link to maria@example.com. Follow it to verify your e-mail.',
      ),
    ).toBeInTheDocument();
    expect(authClient.updateUser).toHaveBeenCalledWith({ name: 'Maria Lopez' });
    const order = [
      authClient.signUp.email.mock.invocationCallOrder[0]!,
      authClient.sendVerificationEmail.mock.invocationCallOrder[0]!,
      authClient.updateUser.mock.invocationCallOrder[0]!,
    ];
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const [upsert] = callsTo(server.requests, 'PUT', '/api/user/maria%40example.com');
    expect(upsert?.body).toEqual({ email: 'maria@example.com', name: 'Maria Lopez' });
    expect(localStorage.getItem('accessToken')).toBe('token-1');
  });

  it("says 'No user is logged in' in red when no current user exists to name", async () => {
    const { server } = fakeIdentityServer();
    acceptSignUp(server);
    authClient.getSession.mockReturnValue(ok(null));
    const { user, name, email, password, signUp } = renderSignup();
    await user.type(name, 'Maria Lopez');
    await user.type(email, 'maria@example.com');
    await user.type(password, 'secret1');
    await user.click(signUp);
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('No user is logged in');
    expect(error).toHaveClass('text-error');
    expect(authClient.updateUser).not.toHaveBeenCalled();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it("shows the identity service's error in red (e-mail already in use)", async () => {
    fakeIdentityServer();
    authClient.signUp.email.mockReturnValue(
      refused('This e-mail is already in use. Please log in instead.', 422),
    );
    const { user, name, email, password, signUp } = renderSignup();
    await user.type(name, 'Maria Lopez');
    await user.type(email, 'maria@example.com');
    await user.type(password, 'secret1');
    await user.click(signUp);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This e-mail is already in use. Please log in instead.',
    );
    expect(authClient.sendVerificationEmail).not.toHaveBeenCalled();
    expect(signUp).toBeEnabled();
  });
});
