import {
  ManagedCompanySchema,
  USERS_PAGE_SIZE,
  type ManagedCompany,
  type User,
} from '@tools-factory/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, fakeApi, type ApiRequest } from '../../../test/fake-api';
import { makeUser } from '../../../test/factories';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { AllUsers } from './all-users';

const admin = makeUser({ _id: 'u1', name: 'Ada Admin', email: 'ada@example.com', role: 'admin' });
const maria = makeUser();
const omar = makeUser({ _id: 'u3', name: 'Omar Faruk', email: 'omar@example.com' });
const otto = makeUser({
  _id: 'u4',
  name: 'Otto Owner',
  email: 'otto@example.com',
  role: 'admin',
  owner: true,
});
const pia = makeUser({ _id: 'u5', name: 'Pia Promoted', email: 'pia@example.com', role: 'admin' });

// Issue 44: a company with Cora its only admin and Bram its buyer.
const COMPANY_ID = '7d1c2d3e-1111-4222-8333-944455566677';
const harbour = { _id: COMPANY_ID, legalName: 'Harbour Fittings Ltd' };
const cora = makeUser({
  _id: 'u6',
  name: 'Cora Company',
  email: 'cora@example.com',
  company: { ...harbour, role: 'admin' },
});
const bram = makeUser({
  _id: 'u7',
  name: 'Bram Buyer',
  email: 'bram@example.com',
  company: { ...harbour, role: 'buyer' },
});

/** GET /api/manageCompanies/{id} of Harbour Fittings: these accounts its members, as what. */
function harbourWith(members: { user: User; role: 'admin' | 'buyer' }[]): ManagedCompany {
  return ManagedCompanySchema.parse({
    company: {
      ...harbour,
      taxNumber: 'BD-123456',
      billingAddress: '12 Harbour Road',
      addressesLocked: false,
      terms: { paymentTermsDays: null, creditLimit: 0, poNumberRequired: false, taxExempt: false },
      createdAt: '2026-03-01T09:00:00.000Z',
    },
    members: members.map(({ user, role }) => ({
      userId: user._id,
      name: user.name,
      email: user.email,
      role,
      joinedAt: '2026-03-02T10:30:00.000Z',
      monthlyLimit: null,
      spentThisMonth: 0,
    })),
    addresses: [],
    approvals: [],
    checkouts: 0,
  });
}

/**
 * GET /api/users/search, PUT and DELETE /api/user/admin/{email} and DELETE /api/user/{email} over a list
 * kept here;
 * `refuse` answers a call with an error instead (status and message).
 */
function fakeUsersApi(
  initial: User[],
  refuse: (call: ApiRequest) => { status: number; message: string } | undefined = () => undefined,
  companies: ManagedCompany[] = [],
) {
  let users = [...initial];
  const { requests } = fakeApi((call) => {
    const refusal = refuse(call);
    if (refusal) {
      return jsonResponse({ message: refusal.message, statusCode: refusal.status }, refusal.status);
    }
    if (call.method === 'GET' && call.url.startsWith('/api/users/search')) {
      // The server's page on the accounts held here; its cursor (opaque to the page): the start.
      const query = new URLSearchParams(call.url.split('?')[1] ?? '');
      const q = query.get('q')?.toLowerCase();
      const start = Number(query.get('after')?.replace('from-', '') ?? 0);
      const found = users.filter(
        (user) => !q || `${user.name} ${user.email}`.toLowerCase().includes(q),
      );
      const end = start + USERS_PAGE_SIZE;
      return jsonResponse({
        users: found.slice(start, end),
        total: found.length,
        next: end < found.length ? `from-${end}` : null,
      });
    }
    const promoted = /^\/api\/user\/admin\/(.+)$/.exec(call.url);
    if (call.method === 'PUT' && promoted) {
      const email = decodeURIComponent(promoted[1]!);
      const target = users.find((user) => user.email === email);
      const modifiedCount = target && target.role !== 'admin' ? 1 : 0;
      users = users.map((user) => (user.email === email ? { ...user, role: 'admin' } : user));
      return jsonResponse({ modifiedCount });
    }
    if (call.method === 'DELETE' && promoted) {
      const email = decodeURIComponent(promoted[1]!);
      const target = users.find((user) => user.email === email);
      const modifiedCount = target?.role === 'admin' ? 1 : 0;
      users = users.map((user) => (user.email === email ? { ...user, role: 'user' } : user));
      return jsonResponse({ modifiedCount });
    }
    const company = /^\/api\/manageCompanies\/([^/?]+)$/.exec(call.url);
    if (call.method === 'GET' && company) {
      const found = companies.find((one) => one.company._id === company[1]);
      return found ? jsonResponse(found) : undefined;
    }
    const removed = /^\/api\/user\/([^/?]+)(\?.*)?$/.exec(call.url);
    if (call.method === 'DELETE' && removed) {
      const email = decodeURIComponent(removed[1]!);
      const before = users.length;
      users = users.filter((user) => user.email !== email);
      return jsonResponse({ deletedCount: before - users.length });
    }
    return undefined;
  });
  return { requests };
}

function renderAllUsers() {
  localStorage.setItem('accessToken', 'token-7');
  return renderWithProviders(<AllUsers currentEmail="ada@example.com" />);
}

/** The table (md and up); the cards for small screens hold the same controls. */
const table = () => within(screen.getByRole('table'));
const row = (name: string) => within(table().getByRole('row', { name: new RegExp(name) }));

describe('AllUsers', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows a spinner, then the count in the title and a row per user', async () => {
    const api = fakeUsersApi([admin, maria, omar]);
    renderAllUsers();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'ALL USERS (3)' }),
    ).toBeInTheDocument();
    expect(
      table()
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['no.', 'name', 'email', 'role', 'company', 'action']);
    expect(row('Maria Lopez').getByRole('cell', { name: 'maria@example.com' })).toBeInTheDocument();
    expect(callsTo(api.requests, 'GET', '/api/users/search')[0]?.headers.get('Authorization')).toBe(
      'Bearer token-7',
    );
  });

  it('pages a hundred accounts at a time and finds by name or e-mail (issue 43)', async () => {
    const many = Array.from({ length: USERS_PAGE_SIZE + 2 }, (_, index) =>
      makeUser({
        _id: `m${index}`,
        name: `Fitter ${index + 1}`,
        email: `fitter${index + 1}@example.com`,
      }),
    );
    const api = fakeUsersApi([admin, ...many]);
    const user = userEvent.setup();
    renderAllUsers();
    expect(
      await screen.findByRole('heading', { level: 2, name: `ALL USERS (${many.length + 1})` }),
    ).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    // Numbered on from the page before.
    expect(row('Fitter 102').getByRole('rowheader')).toHaveTextContent('103');
    expect(callsTo(api.requests, 'GET', '/api/users/search?after=from-100')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();

    // Pasted, not typed key by key: each key would render the hundred rows again (slow on a
    // busy machine), and the search is sent by its button either way.
    await user.click(screen.getByRole('searchbox', { name: 'Search' }));
    await user.paste('fitter10');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('4 accounts match')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: /Page/ })).not.toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.paste('nobody at all');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No account matches this search')).toBeInTheDocument();
  });

  it('hides Make Admin for admins and Remove User on the admin’s own row', async () => {
    fakeUsersApi([admin, maria]);
    renderAllUsers();
    await screen.findByRole('heading', { name: 'ALL USERS (2)' });

    expect(row('Ada Admin').queryByRole('button', { name: 'Make Admin' })).not.toBeInTheDocument();
    expect(row('Ada Admin').getByText('admin')).toBeInTheDocument();
    expect(row('Ada Admin').queryByRole('button', { name: 'Remove User' })).not.toBeInTheDocument();
    expect(row('Ada Admin').getByText('you')).toBeInTheDocument();

    const makeAdmin = row('Maria Lopez').getByRole('button', { name: 'Make Admin' });
    // Which user the button acts on, for a screen reader going from button to button.
    expect(makeAdmin).toHaveAccessibleDescription('Maria Lopez');
    expect(row('Maria Lopez').getByRole('button', { name: 'Remove User' })).toBeInTheDocument();
  });

  it('gives small screens a card per user with the same actions', async () => {
    fakeUsersApi([admin, maria]);
    renderAllUsers();
    await screen.findByRole('heading', { name: 'ALL USERS (2)' });
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const mariaCard = within(cards[1]!);
    expect(mariaCard.getByText('maria@example.com')).toBeInTheDocument();
    expect(mariaCard.getByRole('button', { name: 'Make Admin' })).toHaveAccessibleDescription(
      'Maria Lopez',
    );
    expect(
      within(cards[0]!).queryByRole('button', { name: 'Remove User' }),
    ).not.toBeInTheDocument();
  });

  it('Make Admin asks first; cancel promotes nobody', async () => {
    const api = fakeUsersApi([admin, maria]);
    renderAllUsers();
    await screen.findByRole('heading', { name: 'ALL USERS (2)' });

    await userEvent.click(row('Maria Lopez').getByRole('button', { name: 'Make Admin' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Make this user an admin?' }));
    expect(dialog.getByText('Maria Lopez')).toBeInTheDocument();
    expect(dialog.getByText('maria@example.com')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requests.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('Make Admin: confirmed, PUT /user/admin/{email}, the success toast, and the list refreshed', async () => {
    const api = fakeUsersApi([admin, maria]);
    renderAllUsers();
    await screen.findByRole('heading', { name: 'ALL USERS (2)' });

    await userEvent.click(row('Maria Lopez').getByRole('button', { name: 'Make Admin' }));
    expect(callsTo(api.requests, 'PUT', '/api/user/admin/maria%40example.com')).toHaveLength(0);
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Make Admin' }),
    );

    expect(await screen.findByText('Successfully made an admin')).toBeInTheDocument();
    const [promotion] = callsTo(api.requests, 'PUT', '/api/user/admin/maria%40example.com');
    expect(promotion?.headers.get('Authorization')).toBe('Bearer token-7');
    await vi.waitFor(() =>
      expect(
        row('Maria Lopez').queryByRole('button', { name: 'Make Admin' }),
      ).not.toBeInTheDocument(),
    );
    expect(row('Maria Lopez').getByText('admin')).toBeInTheDocument();
    expect(callsTo(api.requests, 'GET', '/api/users/search')).toHaveLength(2);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("Make Admin refused (403): 'Failed to Make an admin', and the list refreshed", async () => {
    const api = fakeUsersApi([admin, maria], ({ method }) =>
      method === 'PUT' ? { status: 403, message: 'Only admins can do this.' } : undefined,
    );
    renderAllUsers();
    await screen.findByRole('heading', { name: 'ALL USERS (2)' });
    await userEvent.click(row('Maria Lopez').getByRole('button', { name: 'Make Admin' }));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Make Admin' }),
    );
    expect(await screen.findByText('Failed to Make an admin')).toBeInTheDocument();
    expect(screen.queryByText('Successfully made an admin')).not.toBeInTheDocument();
    await vi.waitFor(() =>
      expect(callsTo(api.requests, 'GET', '/api/users/search')).toHaveLength(2),
    );
  });

  it('Remove User asks first, then DELETE /user/{email}, a toast and the list refreshed', async () => {
    const api = fakeUsersApi([admin, maria, omar]);
    renderAllUsers();
    await screen.findByRole('heading', { name: 'ALL USERS (3)' });

    await userEvent.click(row('Omar Faruk').getByRole('button', { name: 'Remove User' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Remove this user?' }));
    expect(dialog.getByText('Omar Faruk')).toBeInTheDocument();
    expect(dialog.getByText('omar@example.com')).toBeInTheDocument();
    expect(callsTo(api.requests, 'DELETE', '/api/user/omar%40example.com')).toHaveLength(0);

    await userEvent.click(dialog.getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('User removed')).toBeInTheDocument();
    expect(
      callsTo(api.requests, 'DELETE', '/api/user/omar%40example.com')[0]?.headers.get(
        'Authorization',
      ),
    ).toBe('Bearer token-7');
    expect(await screen.findByRole('heading', { name: 'ALL USERS (2)' })).toBeInTheDocument();
    expect(table().queryByRole('row', { name: /Omar Faruk/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('cancel keeps the user', async () => {
    const api = fakeUsersApi([admin, maria]);
    renderAllUsers();
    await screen.findByRole('heading', { name: 'ALL USERS (2)' });
    await userEvent.click(row('Maria Lopez').getByRole('button', { name: 'Remove User' }));
    await userEvent.click(screen.getByRole('button', { name: 'cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requests.filter((call) => call.method === 'DELETE')).toHaveLength(0);
  });

  it("shows the server's refusal of a removal (409) and closes the dialog", async () => {
    const refusal = 'You cannot remove your own account. Ask another admin to do it.';
    fakeUsersApi([admin, maria], ({ method }) =>
      method === 'DELETE' ? { status: 409, message: refusal } : undefined,
    );
    renderAllUsers();
    await screen.findByRole('heading', { name: 'ALL USERS (2)' });
    await userEvent.click(row('Maria Lopez').getByRole('button', { name: 'Remove User' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('User removed')).not.toBeInTheDocument();
  });

  it('offers Remove Admin on another admin, not on oneself, and nothing to remove on an owner', async () => {
    fakeUsersApi([admin, otto, pia, maria]);
    renderAllUsers();
    await screen.findByRole('heading', { name: 'ALL USERS (4)' });
    expect(row('Pia Promoted').getByRole('button', { name: 'Remove Admin' })).toBeInTheDocument();
    expect(
      row('Ada Admin').queryByRole('button', { name: 'Remove Admin' }),
    ).not.toBeInTheDocument();
    expect(row('Otto Owner').getByText('owner')).toBeInTheDocument();
    expect(row('Otto Owner').queryByRole('button')).not.toBeInTheDocument();
    expect(
      row('Maria Lopez').queryByRole('button', { name: 'Remove Admin' }),
    ).not.toBeInTheDocument();
  });

  it('Remove Admin asks first, then DELETE /user/admin/{email}, a toast and the list refreshed', async () => {
    const api = fakeUsersApi([admin, pia]);
    renderAllUsers();
    await screen.findByRole('heading', { name: 'ALL USERS (2)' });
    await userEvent.click(row('Pia Promoted').getByRole('button', { name: 'Remove Admin' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Remove this admin?' }));
    expect(dialog.getByText('pia@example.com')).toBeInTheDocument();
    expect(callsTo(api.requests, 'DELETE', '/api/user/admin/pia%40example.com')).toHaveLength(0);

    await userEvent.click(dialog.getByRole('button', { name: 'Remove Admin' }));

    expect(await screen.findByText('Admin role removed')).toBeInTheDocument();
    expect(
      callsTo(api.requests, 'DELETE', '/api/user/admin/pia%40example.com')[0]?.headers.get(
        'Authorization',
      ),
    ).toBe('Bearer token-7');
    expect(
      await row('Pia Promoted').findByRole('button', { name: 'Make Admin' }),
    ).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's refusal of a demotion (403) in its words", async () => {
    const refusal = "This admin is one of the shop's owners.";
    fakeUsersApi([admin, pia], ({ method, url }) =>
      method === 'DELETE' && url.startsWith('/api/user/admin/')
        ? { status: 403, message: refusal }
        : undefined,
    );
    renderAllUsers();
    await screen.findByRole('heading', { name: 'ALL USERS (2)' });
    await userEvent.click(row('Pia Promoted').getByRole('button', { name: 'Remove Admin' }));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove Admin' }),
    );
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.queryByText('Admin role removed')).not.toBeInTheDocument();
  });

  it('names each account’s company and role, a link to its page, in the table and the cards (issue 44)', async () => {
    fakeUsersApi([admin, cora, bram, maria]);
    renderAllUsers();
    await screen.findByRole('heading', { name: 'ALL USERS (4)' });
    const companyPage = `/dashborad/companies/${COMPANY_ID}`;
    expect(row('Cora Company').getByRole('link', { name: harbour.legalName })).toHaveAttribute(
      'href',
      companyPage,
    );
    expect(row('Cora Company').getByText('Company admin')).toBeInTheDocument();
    expect(row('Bram Buyer').getByText('Buyer')).toBeInTheDocument();
    expect(row('Maria Lopez').queryByRole('link')).not.toBeInTheDocument();
    const bramCard = within(
      screen.getAllByRole('listitem').find((card) => card.textContent?.includes('Bram Buyer'))!,
    );
    expect(bramCard.getByRole('link', { name: harbour.legalName })).toHaveAttribute(
      'href',
      companyPage,
    );
    expect(bramCard.getByText('Buyer')).toBeInTheDocument();
  });

  it('Remove User of a company’s only admin asks who takes over, and names them (issue 44)', async () => {
    const api = fakeUsersApi([admin, cora, bram], undefined, [
      harbourWith([
        { user: cora, role: 'admin' },
        { user: bram, role: 'buyer' },
      ]),
    ]);
    const user = userEvent.setup();
    renderAllUsers();
    await screen.findByRole('heading', { name: 'ALL USERS (3)' });
    await user.click(row('Cora Company').getByRole('button', { name: 'Remove User' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Remove this user?' }));
    expect(
      await dialog.findByText(
        'This account is the only admin of Harbour Fittings Ltd. Choose the member who takes over as its admin.',
      ),
    ).toBeInTheDocument();
    const successor = dialog.getByRole('combobox', { name: 'Who takes over' });
    expect(successor).toBeRequired();
    expect(
      within(successor)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a member', 'Bram Buyer (bram@example.com)']);

    // Not chosen: said under the select, and nothing is sent.
    await user.click(dialog.getByRole('button', { name: 'Remove' }));
    expect(successor).toHaveAccessibleDescription(
      'Choose the member who takes over before removing this account.',
    );
    expect(successor).toHaveFocus();
    expect(api.requests.filter((call) => call.method === 'DELETE')).toHaveLength(0);

    await user.selectOptions(successor, 'Bram Buyer (bram@example.com)');
    expect(successor).not.toHaveAccessibleDescription();
    await user.click(dialog.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('User removed')).toBeInTheDocument();
    expect(
      callsTo(api.requests, 'DELETE', '/api/user/cora%40example.com?successor=u7'),
    ).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: 'ALL USERS (2)' })).toBeInTheDocument();
  });

  it('asks no successor when the company keeps another admin, nor of a buyer', async () => {
    const api = fakeUsersApi([admin, cora, bram], undefined, [
      harbourWith([
        { user: cora, role: 'admin' },
        { user: bram, role: 'admin' },
      ]),
    ]);
    const user = userEvent.setup();
    renderAllUsers();
    await screen.findByRole('heading', { name: 'ALL USERS (3)' });
    await user.click(row('Cora Company').getByRole('button', { name: 'Remove User' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Remove this user?' }));
    await vi.waitFor(() =>
      expect(callsTo(api.requests, 'GET', `/api/manageCompanies/${COMPANY_ID}`)).toHaveLength(1),
    );
    await vi.waitFor(() => expect(dialog.queryByRole('status')).not.toBeInTheDocument());
    expect(dialog.queryByRole('combobox')).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('User removed')).toBeInTheDocument();
    expect(callsTo(api.requests, 'DELETE', '/api/user/cora%40example.com')).toHaveLength(1);

    // A buyer's removal reads no company.
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const companyReads = callsTo(api.requests, 'GET', `/api/manageCompanies/${COMPANY_ID}`).length;
    await user.click(row('Bram Buyer').getByRole('button', { name: 'Remove User' }));
    expect(screen.getByRole('dialog', { name: 'Remove this user?' })).toBeInTheDocument();
    expect(callsTo(api.requests, 'GET', `/api/manageCompanies/${COMPANY_ID}`)).toHaveLength(
      companyReads,
    );
  });

  it("says the server's refusal of a successor (400) in its words", async () => {
    const refusal = 'The account to take over must be a member of Harbour Fittings Ltd.';
    fakeUsersApi(
      [admin, cora, bram],
      ({ method }) => (method === 'DELETE' ? { status: 400, message: refusal } : undefined),
      [
        harbourWith([
          { user: cora, role: 'admin' },
          { user: bram, role: 'buyer' },
        ]),
      ],
    );
    const user = userEvent.setup();
    renderAllUsers();
    await screen.findByRole('heading', { name: 'ALL USERS (3)' });
    await user.click(row('Cora Company').getByRole('button', { name: 'Remove User' }));
    const successor = await screen.findByRole('combobox', { name: 'Who takes over' });
    await user.selectOptions(successor, 'u7');
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.queryByText('User removed')).not.toBeInTheDocument();
  });

  it('shows the failure to list, with a way to try again', async () => {
    fakeUsersApi([admin], ({ method }) =>
      method === 'GET' ? { status: 403, message: 'Only admins can do this.' } : undefined,
    );
    renderAllUsers();
    expect(await screen.findByRole('alert')).toHaveTextContent('Only admins can do this.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'ALL USERS' })).toBeInTheDocument();
  });
});
