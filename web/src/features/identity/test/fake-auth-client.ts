import { vi } from 'vitest';

/**
 * Stands in for the identity client (lib/auth-client's `authClient`) in component tests. Each
 * method answers like the real one: `{ data, error }`, never throwing for a refusal.
 */
export function createFakeAuthClient() {
  return {
    signIn: { email: vi.fn(), social: vi.fn() },
    signUp: { email: vi.fn() },
    sendVerificationEmail: vi.fn(),
    getSession: vi.fn(),
    updateUser: vi.fn(),
    requestPasswordReset: vi.fn(),
    resetPassword: vi.fn(),
  };
}

export const ok = <T>(data: T) => Promise.resolve({ data, error: null });

export const refused = (message: string, status = 400) =>
  Promise.resolve({ data: null, error: { message, status, statusText: '' } });
