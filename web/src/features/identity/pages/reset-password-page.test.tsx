import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as AuthClientModule from '../../../lib/auth-client';
import { renderRoutes } from '../../../test/render';
import { createFakeAuthClient, ok, refused } from '../test/fake-auth-client';
import ResetPasswordPage from './reset-password-page';

const authClient = vi.hoisted(() => ({}) as ReturnType<typeof createFakeAuthClient>);
vi.mock('../../../lib/auth-client', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthClientModule>()),
  authClient,
}));

function renderReset(route: string) {
  return renderRoutes(
    [
      { path: '/reset-password', Component: ResetPasswordPage },
      { path: '/login', element: <h1>Login page</h1> },
    ],
    { route },
  );
}

describe('ResetPasswordPage', () => {
  beforeEach(() => {
    Object.assign(authClient, createFakeAuthClient());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('checks the new password with the same rules as sign-up', async () => {
    renderReset('/reset-password?token=abc');
    const user = userEvent.setup();
    const save = screen.getByRole('button', { name: 'Save new password' });
    await user.click(save);
    expect(await screen.findByText('password is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), '123');
    await user.click(save);
    expect(await screen.findByText('Must be 6 characters or longer')).toBeInTheDocument();
    expect(authClient.resetPassword).not.toHaveBeenCalled();
  });

  it('sets the new password with the link token, then says so and leads to /login', async () => {
    authClient.resetPassword.mockReturnValue(ok({ status: true }));
    renderReset('/reset-password?token=abc');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'newsecret');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your password has been changed. Log in with your new password.',
    );
    expect(authClient.resetPassword).toHaveBeenCalledWith({
      token: 'abc',
      newPassword: 'newsecret',
    });
    await user.click(screen.getByRole('link', { name: 'Go to login' }));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
  });

  it("shows the server's message in red for an expired token", async () => {
    authClient.resetPassword.mockReturnValue(
      refused('This reset link is invalid or has expired. Please ask for a new one.'),
    );
    renderReset('/reset-password?token=old');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'newsecret');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent(
      'This reset link is invalid or has expired. Please ask for a new one.',
    );
    expect(error).toHaveClass('text-error');
  });

  it.each(['/reset-password', '/reset-password?error=INVALID_TOKEN'])(
    'opened as %s (no usable token): says the link is invalid, offers /login',
    (route) => {
      renderReset(route);
      expect(screen.getByRole('alert')).toHaveTextContent(
        'This reset link is invalid or has expired. Please ask for a new one.',
      );
      expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
    },
  );
});
