import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  texts,
  type MyCompany,
  type ShipToAddress,
  type ShipToAddressInput,
} from '@tools-factory/contract';
import { describe, expect, it } from 'vitest';
import { callsTo, fakeApi } from '../../../test/fake-api';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { signedInForEachTest } from '../../../test/signed-in';
import { makeCompany, makeMember, maria, omar } from '../test/companies-server';
import { CompanyOverview } from './company-overview';

const words = texts.shipTo;
const SITE_ID = '5a4b3c2d-1111-4222-8333-444455556666';
const NEW_ID = '5a4b3c2d-1111-4222-8333-444455559999';

const site: ShipToAddress = {
  _id: SITE_ID,
  label: 'North site',
  name: 'Ana Ruiz',
  address: '4 Quarry Lane\nLeeds LS1 4AB',
  phone: '',
};

/**
 * GET /api/company and the ship-to calls over a company kept here, Maria its admin (or its
 * buyer, `role`): each change answers the whole view; a second label answers 409.
 */
function addressesServer({ role = 'admin' as 'admin' | 'buyer', addresses = [site] } = {}) {
  let held = [...addresses];
  let locked = false;
  const view = (): MyCompany => ({
    credit: null,
    company: makeCompany({ addressesLocked: locked }),
    role,
    members: [makeMember(maria, role), makeMember(omar, 'admin')],
    invitations: [],
    addresses: held,
    spending: null,
    approvals: [],
  });
  return fakeApi(({ method, url, body }) => {
    if (url === '/api/company' && method === 'GET') return jsonResponse(view());
    if (url === '/api/company/addresses' && method === 'POST') {
      const input = body as Required<ShipToAddressInput>;
      if (held.some((one) => one.label === input.label)) {
        const message = texts.companyErrors.addressLabelTaken(input.label);
        return jsonResponse({ message, statusCode: 409 }, 409);
      }
      held = [...held, { _id: NEW_ID, ...input }];
      return jsonResponse(view(), 201);
    }
    if (url === '/api/company/addresses/locked' && method === 'PUT') {
      locked = (body as { locked: boolean }).locked;
      return jsonResponse(view());
    }
    const id = url.startsWith('/api/company/addresses/') ? url.split('/').pop() : undefined;
    if (id && method === 'PATCH') {
      held = held.map((one) =>
        one._id === id ? { ...one, ...(body as ShipToAddressInput) } : one,
      );
      return jsonResponse(view());
    }
    if (id && method === 'DELETE') {
      held = held.filter((one) => one._id !== id);
      return jsonResponse(view());
    }
    return undefined;
  });
}

function renderOverview() {
  const user = userEvent.setup();
  renderWithProviders(<CompanyOverview account={maria} />, { route: '/dashboard/company' });
  return { user };
}

const section = () => within(screen.getByRole('region', { name: words.title }));

describe('CompanyAddresses', () => {
  signedInForEachTest();

  it('shows every member the addresses, without the admins’ buttons for a buyer', async () => {
    addressesServer({ role: 'buyer' });
    renderOverview();
    const region = within(await screen.findByRole('region', { name: words.title }));
    expect(region.getByText('North site')).toBeInTheDocument();
    expect(region.getByText('Ana Ruiz')).toBeInTheDocument();
    expect(region.getByText(words.noPhone)).toBeInTheDocument();
    expect(region.queryByRole('button', { name: words.add })).toBeNull();
    expect(region.queryByRole('checkbox', { name: words.lock })).toBeNull();
  });

  it('adds an address in a dialog, and shows a refusal inside it', async () => {
    const { requests } = addressesServer();
    const { user } = renderOverview();
    await user.click(await screen.findByRole('button', { name: words.add }));
    const dialog = within(screen.getByRole('dialog', { name: words.newAddress }));
    await user.type(dialog.getByLabelText(words.label), 'North site');
    await user.type(dialog.getByLabelText(words.name), 'Ben Cole');
    await user.type(dialog.getByLabelText(words.address), '9 Dock Road');
    await user.click(dialog.getByRole('button', { name: words.save }));
    expect(
      await dialog.findByText(texts.companyErrors.addressLabelTaken('North site')),
    ).toBeInTheDocument();

    await user.clear(dialog.getByLabelText(words.label));
    await user.type(dialog.getByLabelText(words.label), 'Depot');
    await user.type(dialog.getByLabelText(words.phoneOptional), '+44 20 555 0199');
    await user.click(dialog.getByRole('button', { name: words.save }));
    expect(await section().findByText('Depot')).toBeInTheDocument();
    expect(section().getByText('+44 20 555 0199')).toBeInTheDocument();
    expect(screen.getByText(words.added('Depot'))).toBeInTheDocument();
    expect(callsTo(requests, 'POST', '/api/company/addresses').at(-1)?.body).toEqual({
      label: 'Depot',
      name: 'Ben Cole',
      address: '9 Dock Road',
      phone: '+44 20 555 0199',
    });
  });

  it('edits and removes an address, and locks the list', async () => {
    const { requests } = addressesServer();
    const { user } = renderOverview();
    await user.click(await screen.findByRole('button', { name: words.editOne('North site') }));
    const dialog = within(screen.getByRole('dialog', { name: words.editAddress }));
    expect(dialog.getByLabelText(words.name)).toHaveValue('Ana Ruiz');
    await user.clear(dialog.getByLabelText(words.name));
    await user.type(dialog.getByLabelText(words.name), 'Ana Ruiz-Cole');
    await user.click(dialog.getByRole('button', { name: words.save }));
    expect(await section().findByText('Ana Ruiz-Cole')).toBeInTheDocument();
    expect(callsTo(requests, 'PATCH', `/api/company/addresses/${SITE_ID}`)).toHaveLength(1);

    await user.click(section().getByRole('checkbox', { name: words.lock }));
    expect(await screen.findByText(words.locked)).toBeInTheDocument();
    expect(section().getByRole('checkbox', { name: words.lock })).toBeChecked();
    expect(callsTo(requests, 'PUT', '/api/company/addresses/locked')[0]?.body).toEqual({
      locked: true,
    });

    await user.click(section().getByRole('button', { name: words.removeOne('North site') }));
    await user.click(await screen.findByRole('button', { name: words.removeConfirm }));
    expect(await section().findByText(words.none)).toBeInTheDocument();
    expect(callsTo(requests, 'DELETE', `/api/company/addresses/${SITE_ID}`)).toHaveLength(1);
  });
});
