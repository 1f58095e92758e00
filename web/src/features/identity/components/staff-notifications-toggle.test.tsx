import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { texts, type StaffNotifications } from '@tools-factory/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeIdentityServer } from '../../../test/identity';
import { callsTo } from '../../../test/fake-api';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { StaffNotificationsToggle } from './staff-notifications-toggle';

const URL_PATH = '/api/manageNotifications';
const words = texts.staffNotifications;

/** GET answers the state held here; PUT changes it and answers it. */
function notificationsServer(initial: StaffNotifications) {
  let state = initial;
  return fakeIdentityServer({
    answer: ({ method, url, body }) => {
      if (url !== URL_PATH) return undefined;
      if (method === 'PUT') state = { ...state, ...(body as { enabled: boolean }) };
      return jsonResponse(state);
    },
  });
}

describe('StaffNotificationsToggle', () => {
  beforeEach(() => {
    localStorage.setItem('accessToken', 'token-0');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('turns the staff e-mails on and off, each change saved at once', async () => {
    const user = userEvent.setup();
    const { server } = notificationsServer({ enabled: false, listed: false });
    renderWithProviders(<StaffNotificationsToggle />);
    const toggle = await screen.findByRole('checkbox', { name: words.label });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(words.hint);

    await user.click(toggle);
    await vi.waitFor(() => expect(toggle).toBeChecked());
    await user.click(toggle);
    await vi.waitFor(() => expect(toggle).not.toBeChecked());
    expect(callsTo(server.requests, 'PUT', URL_PATH).map((request) => request.body)).toEqual([
      { enabled: true },
      { enabled: false },
    ]);
  });

  it('shows an ADMIN_EMAILS address on and locked, saying why', async () => {
    notificationsServer({ enabled: false, listed: true });
    renderWithProviders(<StaffNotificationsToggle />);
    const toggle = await screen.findByRole('checkbox', { name: words.label });
    expect(toggle).toBeChecked();
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(words.listed);
  });
});
