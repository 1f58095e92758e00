import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as AuthClientModule from '../../../lib/auth-client';
import { fakeIdentityServer, maria } from '../../../test/identity';
import { callsTo } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { createFakeAuthClient, ok, refused } from '../test/fake-auth-client';
import { LoginForm } from './login-form';

const authClient = vi.hoisted(() => ({}) as ReturnType<typeof createFakeAuthClient>);
vi.mock('../../../lib/auth-client', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthClientModule>()),
  authClient,
}));

function renderLoginForm() {
  const user = userEvent.setup();
  renderWithProviders(<LoginForm />, { route: '/login' });
  return {
    user,
    email: screen.getByLabelText('Email'),
    password: screen.getByLabelText('Password'),
    logIn: screen.getByRole('button', { name: 'LOGIN' }),
    resetPassword: screen.getByRole('button', { name: 'Resate password' }),
  };
}

describe('LoginForm', () => {
  let alert: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    Object.assign(authClient, createFakeAuthClient());
    alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows the texts of the product: link to sign up and the reset offer', () => {
    renderLoginForm();
    expect(screen.getByText(/New To Tools Factory \?/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/signup',
    );
    expect(screen.getByText(/Forgate password \?/)).toBeInTheDocument();
  });

  it("says 'email is required' and 'password is required' for an empty form, and sends nothing", async () => {
    const { user, logIn } = renderLoginForm();
    await user.click(logIn);
    expect(await screen.findByText('email is required')).toBeInTheDocument();
    expect(screen.getByText('password is required')).toBeInTheDocument();
    expect(authClient.signIn.email).not.toHaveBeenCalled();
  });

  it("says 'Please provide a valid Email' and 'Must be 6 characters or longer'", async () => {
    const { user, email, password, logIn } = renderLoginForm();
    await user.type(email, 'maria.example.com');
    await user.type(password, '12345');
    await user.click(logIn);
    expect(await screen.findByText('Please provide a valid Email')).toBeInTheDocument();
    expect(screen.getByText('Must be 6 characters or longer')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Please provide a valid Email');
    expect(authClient.signIn.email).not.toHaveBeenCalled();
  });

  it('shows and hides the password with a toggle named for what it does', async () => {
    const { user, password } = renderLoginForm();
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it("asks for the e-mail before a reset: 'email is required', nothing sent, no alert", async () => {
    const { user, resetPassword } = renderLoginForm();
    await user.click(resetPassword);
    expect(await screen.findByText('email is required')).toBeInTheDocument();
    expect(authClient.requestPasswordReset).not.toHaveBeenCalled();
    expect(alert).not.toHaveBeenCalled();
  });

  it("refuses to reset for an invalid e-mail: 'Please provide a valid Email'", async () => {
    const { user, email, resetPassword } = renderLoginForm();
    await user.type(email, 'maria@');
    await user.click(resetPassword);
    expect(await screen.findByText('Please provide a valid Email')).toBeInTheDocument();
    expect(authClient.requestPasswordReset).not.toHaveBeenCalled();
  });

  it("sends the reset e-mail for the typed address, then alerts 'Sent email'", async () => {
    authClient.requestPasswordReset.mockReturnValue(ok({ status: true }));
    const { user, email, resetPassword } = renderLoginForm();
    await user.type(email, 'Maria@Example.com');
    await user.click(resetPassword);
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith('Sent email'));
    expect(authClient.requestPasswordReset).toHaveBeenCalledExactlyOnceWith({
      email: 'maria@example.com',
      redirectTo: '/reset-password',
    });
    // The password is not needed for a reset.
    expect(screen.queryByText('password is required')).not.toBeInTheDocument();
  });

  it("shows the reset's refusal in red instead of alerting", async () => {
    authClient.requestPasswordReset.mockReturnValue(
      refused('Too many attempts. Please wait a minute and try again.', 429),
    );
    const { user, email, resetPassword } = renderLoginForm();
    await user.type(email, 'maria@example.com');
    await user.click(resetPassword);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a minute and try again.',
    );
    expect(alert).not.toHaveBeenCalled();
  });

  it("shows the identity service's error in red under the form", async () => {
    fakeIdentityServer();
    authClient.signIn.email.mockReturnValue(refused('Wrong password. Please try again.', 401));
    const { user, email, password, logIn } = renderLoginForm();
    await user.type(email, 'maria@example.com');
    await user.type(password, 'secret9');
    await user.click(logIn);
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('Wrong password. Please try again.');
    expect(error).toHaveClass('text-error');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('shows a spinner and cannot be pressed again while logging in', async () => {
    let answer: (value: unknown) => void = () => undefined;
    authClient.signIn.email.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { user, email, password, logIn } = renderLoginForm();
    await user.type(email, 'maria@example.com');
    await user.type(password, 'secret1');
    await user.click(logIn);
    await vi.waitFor(() => expect(logIn).toBeDisabled());
    expect(logIn).toHaveAttribute('aria-busy', 'true');
    expect(logIn.querySelector('.loading-spinner')).not.toBeNull();
    answer({ data: null, error: { message: 'Wrong password. Please try again.', status: 401 } });
    await vi.waitFor(() => expect(logIn).toBeEnabled());
  });

  it('after the identity service says yes, calls PUT /user and keeps the token as accessToken', async () => {
    const { server } = fakeIdentityServer();
    authClient.signIn.email.mockImplementation(() => {
      server.user = maria;
      return ok({ redirect: false, token: 'session-token', user: maria });
    });
    const { user, email, password, logIn } = renderLoginForm();
    await user.type(email, 'Maria@example.com');
    await user.type(password, 'secret1');
    await user.click(logIn);
    await vi.waitFor(() => expect(localStorage.getItem('accessToken')).toBe('token-1'));
    expect(authClient.signIn.email).toHaveBeenCalledWith({
      email: 'maria@example.com',
      password: 'secret1',
    });
    const [upsert] = callsTo(server.requests, 'PUT', '/api/user/maria%40example.com');
    expect(upsert?.body).toEqual({ email: 'maria@example.com', name: 'Maria Lopez' });
    expect(upsert?.headers.get('Authorization')).toBeNull();
  });
});
