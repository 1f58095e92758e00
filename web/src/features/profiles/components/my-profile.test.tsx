import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Profile } from '@tools-factory/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeIdentityServer, maria } from '../../../test/identity';
import { callsTo, type ApiRequest } from '../../../test/fake-api';
import { makeProfile } from '../../../test/factories';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { MyProfile } from './my-profile';

const DETAIL_URL = '/api/profilrdetail/maria%40example.com';
const UPDATE_URL = '/api/userinfo/maria%40example.com';
const account = { name: maria.name, email: maria.email };

const added = makeProfile();

type SaveBody = Pick<Profile, 'education' | 'city' | 'phone' | 'linkdin'>;

/**
 * The profile API as the server answers it: GET lists the record held here ([] before any add),
 * POST adds it (409 once there is one), PATCH replaces its fields (404 before any add).
 */
function profileServer(initial: Profile | null) {
  let record = initial;
  return fakeIdentityServer({
    user: maria,
    answer: ({ method, url, body }: ApiRequest) => {
      if (method === 'GET' && url === DETAIL_URL) return jsonResponse(record ? [record] : []);
      if (method === 'POST' && url === '/api/userinfo') {
        if (record) {
          return jsonResponse(
            {
              statusCode: 409,
              message:
                'You have added your information already. Use Edit Information to change it.',
            },
            409,
          );
        }
        record = { ...(body as SaveBody), name: maria.name, email: maria.email };
        return jsonResponse({ acknowledged: true, insertedId: maria.id });
      }
      if (method === 'PATCH' && url === UPDATE_URL) {
        if (!record) return jsonResponse({ statusCode: 404, message: 'not added' }, 404);
        record = { ...record, ...(body as SaveBody) };
        return jsonResponse({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
      }
      return undefined;
    },
  });
}

function renderMyProfile({ startAdding = false } = {}) {
  const user = userEvent.setup();
  renderWithProviders(<MyProfile account={account} startAdding={startAdding} />, {
    route: '/dashborad/myprofile',
  });
  return { user };
}

/** The value shown beside a detail's name. */
function detail(term: string) {
  return screen.getByText(term, { selector: 'dt' }).nextElementSibling;
}

async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) {
  await user.clear(field);
  await user.type(field, value);
}

describe('MyProfile', () => {
  beforeEach(() => {
    localStorage.setItem('accessToken', 'token-0');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows a spinner while the details load', () => {
    fakeIdentityServer({ user: maria, answer: () => new Promise<Response>(() => undefined) });
    renderMyProfile();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });

  it('lists the details: name and e-mail of the account, education, city, phone and Linkdin as a link', async () => {
    const { server } = profileServer(added);
    renderMyProfile();
    expect(await screen.findByRole('button', { name: 'Edit Information' })).toBeInTheDocument();
    expect(detail('Name')).toHaveTextContent('Maria Lopez');
    expect(detail('Email')).toHaveTextContent('maria@example.com');
    expect(detail('Education')).toHaveTextContent('BSc Mechanical Engineering');
    expect(detail('City')).toHaveTextContent('Dhaka');
    expect(detail('Phone number')).toHaveTextContent('+880 1711 000000');
    const link = screen.getByRole('link', { name: added.linkdin });
    expect(link).toHaveAttribute('href', added.linkdin);
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByRole('button', { name: 'add information' })).not.toBeInTheDocument();
    const [read] = callsTo(server.requests, 'GET', DETAIL_URL);
    expect(read?.headers.get('Authorization')).toBe('Bearer token-0');
  });

  it('offers add information when nothing was added yet', async () => {
    profileServer(null);
    renderMyProfile();
    expect(await screen.findByRole('button', { name: 'add information' })).toBeInTheDocument();
    expect(
      screen.getByText('You have not added your information yet. Use add information first.'),
    ).toBeInTheDocument();
    expect(detail('Name')).toHaveTextContent('Maria Lopez');
    expect(detail('Email')).toHaveTextContent('maria@example.com');
    expect(screen.queryByRole('button', { name: 'Edit Information' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('add information: every field is required, and nothing is sent without them', async () => {
    const { server } = profileServer(null);
    const { user } = renderMyProfile();
    await user.click(await screen.findByRole('button', { name: 'add information' }));
    const dialog = within(screen.getByRole('dialog', { name: 'add information' }));
    expect(dialog.getByLabelText('Education')).toHaveFocus();
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await dialog.findByText('education is required')).toBeInTheDocument();
    expect(dialog.getByText('city is required')).toBeInTheDocument();
    expect(dialog.getByText('phone is required')).toBeInTheDocument();
    expect(dialog.getByText('linkdin is required')).toBeInTheDocument();
    expect(dialog.getByLabelText('City')).toHaveAccessibleDescription('city is required');

    await fill(user, dialog.getByLabelText('Phone number'), 'call me');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('phone must be a number')).toBeInTheDocument();
    expect(callsTo(server.requests, 'POST', '/api/userinfo')).toHaveLength(0);
  });

  it("add information: posts the four fields, says 'success added user Information', closes and shows them", async () => {
    const { server } = profileServer(null);
    const { user } = renderMyProfile();
    await user.click(await screen.findByRole('button', { name: 'add information' }));
    const dialog = within(screen.getByRole('dialog', { name: 'add information' }));
    await fill(user, dialog.getByLabelText('Education'), added.education);
    await fill(user, dialog.getByLabelText('City'), added.city);
    await fill(user, dialog.getByLabelText('Phone number'), added.phone);
    await fill(user, dialog.getByLabelText('Linkdin'), 'linkedin.com/in/maria-lopez');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('success added user Information')).toBeInTheDocument();
    const [post] = callsTo(server.requests, 'POST', '/api/userinfo');
    expect(post?.body).toEqual({
      education: added.education,
      city: added.city,
      phone: added.phone,
      linkdin: 'linkedin.com/in/maria-lopez',
    });
    expect(post?.headers.get('Authorization')).toBe('Bearer token-0');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(detail('City')).toHaveTextContent('Dhaka');
    // Typed without https://: still a link, to the https address.
    expect(screen.getByRole('link', { name: 'linkedin.com/in/maria-lopez' })).toHaveAttribute(
      'href',
      'https://linkedin.com/in/maria-lopez',
    );
    expect(screen.getByRole('button', { name: 'Edit Information' })).toBeInTheDocument();
  });

  it("a second add gets the server's message (409) in the modal, and the page then shows the information", async () => {
    // Added meanwhile in another tab: the page was read before, so it still offers to add.
    let reads = 0;
    const alreadyAdded =
      'You have added your information already. Use Edit Information to change it.';
    fakeIdentityServer({
      user: maria,
      answer: ({ method, url }: ApiRequest) => {
        if (method === 'GET' && url === DETAIL_URL) {
          reads += 1;
          return jsonResponse(reads === 1 ? [] : [added]);
        }
        if (method === 'POST' && url === '/api/userinfo') {
          return jsonResponse({ statusCode: 409, message: alreadyAdded }, 409);
        }
        return undefined;
      },
    });
    const { user } = renderMyProfile();
    await user.click(await screen.findByRole('button', { name: 'add information' }));
    const dialog = within(screen.getByRole('dialog', { name: 'add information' }));
    await fill(user, dialog.getByLabelText('Education'), 'MBA');
    await fill(user, dialog.getByLabelText('City'), 'Khulna');
    await fill(user, dialog.getByLabelText('Phone number'), '01711 000000');
    await fill(user, dialog.getByLabelText('Linkdin'), 'https://linkedin.com/in/m');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await dialog.findByRole('alert')).toHaveTextContent(alreadyAdded);
    expect(screen.queryByText('success added user Information')).not.toBeInTheDocument();
    // The modal stays to be read; behind it the page has caught up.
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Information' })).toBeInTheDocument();
    expect(detail('City')).toHaveTextContent('Dhaka');
  });

  it('Edit Information opens with the current values filled in', async () => {
    profileServer(added);
    const { user } = renderMyProfile();
    await user.click(await screen.findByRole('button', { name: 'Edit Information' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Information' }));
    expect(dialog.getByLabelText('Education')).toHaveValue(added.education);
    expect(dialog.getByLabelText('City')).toHaveValue(added.city);
    expect(dialog.getByLabelText('Phone number')).toHaveValue(added.phone);
    expect(dialog.getByLabelText('Linkdin')).toHaveValue(added.linkdin);
    expect(dialog.getByLabelText('Education')).toHaveFocus();
  });

  it("Edit Information: patches the four fields, says 'success update user Information', closes and shows them", async () => {
    const { server } = profileServer(added);
    const { user } = renderMyProfile();
    await user.click(await screen.findByRole('button', { name: 'Edit Information' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Information' }));
    await fill(user, dialog.getByLabelText('City'), 'Chattogram');
    await fill(user, dialog.getByLabelText('Phone number'), '+880 1811 222333');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('success update user Information')).toBeInTheDocument();
    const [patch] = callsTo(server.requests, 'PATCH', UPDATE_URL);
    expect(patch?.body).toEqual({
      education: added.education,
      city: 'Chattogram',
      phone: '+880 1811 222333',
      linkdin: added.linkdin,
    });
    expect(patch?.headers.get('Authorization')).toBe('Bearer token-0');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(detail('City')).toHaveTextContent('Chattogram');
    expect(detail('Phone number')).toHaveTextContent('+880 1811 222333');
  });

  it('Edit Information refuses an emptied field, and Escape closes it with nothing sent', async () => {
    const { server } = profileServer(added);
    const { user } = renderMyProfile();
    await user.click(await screen.findByRole('button', { name: 'Edit Information' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Information' });
    await user.clear(within(dialog).getByLabelText('Education'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('education is required')).toBeInTheDocument();

    dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(server.requests, 'PATCH', UPDATE_URL)).toHaveLength(0);
    expect(detail('Education')).toHaveTextContent(added.education);
  });

  it('opens the add-information modal at once when asked (/myProfileInfo) and nothing was added', async () => {
    profileServer(null);
    renderMyProfile({ startAdding: true });
    expect(await screen.findByRole('dialog', { name: 'add information' })).toBeInTheDocument();
    expect(screen.getByLabelText('Education')).toHaveFocus();
  });

  it('shows the information instead when asked to add but it was added already', async () => {
    profileServer(added);
    renderMyProfile({ startAdding: true });
    expect(await screen.findByRole('button', { name: 'Edit Information' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's message when the details cannot be read", async () => {
    fakeIdentityServer({
      user: maria,
      answer: ({ url }) =>
        url === DETAIL_URL
          ? jsonResponse(
              { message: 'You can only do this for your own account.', statusCode: 403 },
              403,
            )
          : undefined,
    });
    renderMyProfile();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You can only do this for your own account.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
