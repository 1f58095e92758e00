import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { texts } from '@tools-factory/contract';
import { describe, expect, it } from 'vitest';
import { callsTo } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { signedInForEachTest } from '../../../test/signed-in';
import {
  companiesServer,
  makeCompany,
  makeInvitation,
  makeMember,
  maria,
  omar,
} from '../test/companies-server';
import { CompanyOverview } from './company-overview';

const words = texts.company;

function renderOverview(account: { id: string } = maria) {
  const user = userEvent.setup();
  renderWithProviders(<CompanyOverview account={account} />, { route: '/dashborad/company' });
  return { user };
}

/** A company whose admin is Maria (the caller unless told), with Omar as a buyer. */
const withCompany = (callerId = maria.id) =>
  companiesServer({
    callerId,
    company: makeCompany(),
    members: [makeMember(maria, 'admin'), makeMember(omar, 'buyer')],
    invitations: [makeInvitation()],
  });

/** The members' table row (or card) of a person, to query inside. */
const memberRow = (name: string) =>
  within(
    within(screen.getByRole('region', { name: words.members })).getByRole('row', {
      name: new RegExp(name),
    }),
  );

/** The polite live regions' text (what went well), all of them. */
const politeMessages = () =>
  screen
    .getAllByRole('status')
    .map((region) => region.textContent)
    .join('');

describe('CompanyOverview', () => {
  signedInForEachTest();

  it('offers an account of no company to create one, and checks the fields first', async () => {
    const { requests } = companiesServer();
    const { user } = renderOverview();
    expect(await screen.findByText(words.none)).toBeInTheDocument();
    const form = within(screen.getByRole('form', { name: words.create }));
    await user.click(form.getByRole('button', { name: words.create }));
    expect(await form.findByText(texts.fieldErrors.required('legal name'))).toBeInTheDocument();
    expect(form.getByText(texts.fieldErrors.required('billing address'))).toBeInTheDocument();
    expect(form.getByLabelText(words.legalName)).toHaveAccessibleDescription(
      texts.fieldErrors.required('legal name'),
    );
    expect(callsTo(requests, 'POST', '/api/company')).toHaveLength(0);
  });

  it('creates the company (tax number optional, the address over lines) and says so politely', async () => {
    const { requests } = companiesServer();
    const { user } = renderOverview();
    const form = within(await screen.findByRole('form', { name: words.create }));
    await user.type(form.getByLabelText(words.legalName), '  Anvil Works Ltd ');
    await user.type(form.getByLabelText(words.billingAddress), '3 Forge Lane{Enter}Dhaka 1207');
    await user.click(form.getByRole('button', { name: words.create }));

    expect(await screen.findByText(words.created)).toBeInTheDocument();
    expect(politeMessages()).toContain(words.created);
    const [created] = callsTo(requests, 'POST', '/api/company');
    expect(created?.body).toEqual({
      legalName: 'Anvil Works Ltd',
      taxNumber: '',
      billingAddress: '3 Forge Lane\nDhaka 1207',
    });
    expect(created?.headers.get('Authorization')).toBe('Bearer token-0');
    // The answer is the view: no second GET needed to show the company.
    expect(screen.getByText(words.yourRole('admin'))).toBeInTheDocument();
    expect(screen.getByText('Anvil Works Ltd')).toBeInTheDocument();
    expect(screen.getByText(words.notGiven)).toBeInTheDocument();
    expect(callsTo(requests, 'GET', '/api/company')).toHaveLength(1);
  });

  it("shows the server's refusal of an unverified account under the form", async () => {
    companiesServer({
      refuse: ({ method, url }) =>
        method === 'POST' && url === '/api/company'
          ? { status: 403, message: texts.companyErrors.verifyFirst }
          : undefined,
    });
    const { user } = renderOverview();
    const form = within(await screen.findByRole('form', { name: words.create }));
    await user.type(form.getByLabelText(words.legalName), 'Anvil Works Ltd');
    await user.type(form.getByLabelText(words.billingAddress), '3 Forge Lane');
    await user.click(form.getByRole('button', { name: words.create }));
    expect(await form.findByRole('alert')).toHaveTextContent(texts.companyErrors.verifyFirst);
    expect(screen.queryByText(words.created)).not.toBeInTheDocument();
  });

  it('shows an admin the details, the members with their roles, and the invitations waiting', async () => {
    withCompany();
    renderOverview();
    expect(await screen.findByText(words.yourRole('admin'))).toBeInTheDocument();
    const details = within(screen.getByRole('region', { name: words.details }));
    expect(details.getByText('Harbour Fittings Ltd')).toBeInTheDocument();
    expect(details.getByText('BD-123456')).toBeInTheDocument();
    expect(details.getByRole('button', { name: words.edit })).toBeInTheDocument();

    const members = within(screen.getByRole('region', { name: words.members }));
    expect(members.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      words.member,
      words.role,
      words.joined,
      words.monthlyLimit,
      words.spentThisMonth,
      words.actions,
    ]);
    expect(memberRow('Omar Faruk').getByText(omar.email)).toBeInTheDocument();
    expect(memberRow('Maria Lopez').getByText(words.roles.admin!)).toBeInTheDocument();
    expect(memberRow('Maria Lopez').getByText(words.you)).toBeInTheDocument();
    expect(memberRow('Maria Lopez').getByRole('button', { name: words.leave })).toBeInTheDocument();
    expect(memberRow('Maria Lopez').queryByRole('button', { name: words.remove })).toBeNull();
    expect(memberRow('Omar Faruk').getByText(words.roles.buyer!)).toBeInTheDocument();
    expect(
      memberRow('Omar Faruk').getByRole('button', { name: words.makeAdmin }),
    ).toHaveAccessibleDescription('Omar Faruk');
    expect(memberRow('Omar Faruk').getByRole('button', { name: words.remove })).toBeInTheDocument();
    expect(memberRow('Omar Faruk').queryByRole('button', { name: words.leave })).toBeNull();

    const invitations = within(screen.getByRole('region', { name: words.invitations }));
    const row = within(invitations.getByRole('row', { name: /nadia@example\.com/ }));
    expect(row.getByText(words.roles.buyer!)).toBeInTheDocument();
    expect(row.getByText('Maria Lopez')).toBeInTheDocument();
    expect(row.getByRole('button', { name: words.revoke })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: words.invite })).toBeInTheDocument();
  });

  it('shows a buyer the company without the admins’ controls; their own row offers Leave', async () => {
    withCompany(omar.id);
    renderOverview(omar);
    expect(await screen.findByText(words.yourRole('buyer'))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: words.edit })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: words.invite })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: words.invitations })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: words.makeAdmin })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: words.makeBuyer })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: words.remove })).not.toBeInTheDocument();
    expect(memberRow('Omar Faruk').getByRole('button', { name: words.leave })).toBeInTheDocument();
    expect(memberRow('Maria Lopez').queryByRole('button')).toBeNull();
  });

  it('edits the details in place: Save sends them all, Cancel puts the focus back on Edit details', async () => {
    const { requests } = withCompany();
    const { user } = renderOverview();
    const details = within(await screen.findByRole('region', { name: words.details }));
    await user.click(details.getByRole('button', { name: words.edit }));
    expect(details.getByLabelText(words.legalName)).toHaveFocus();
    expect(details.getByLabelText(words.billingAddress)).toHaveValue(
      '12 Harbour Road\nChattogram 4100',
    );
    await user.click(details.getByRole('button', { name: words.cancel }));
    expect(details.getByRole('button', { name: words.edit })).toHaveFocus();

    await user.click(details.getByRole('button', { name: words.edit }));
    await user.clear(details.getByLabelText(words.taxNumber));
    await user.type(details.getByLabelText(words.taxNumber), 'BD-999');
    await user.click(details.getByRole('button', { name: words.save }));
    expect(await screen.findByText(words.saved)).toBeInTheDocument();
    expect(callsTo(requests, 'PATCH', '/api/company')[0]?.body).toEqual({
      legalName: 'Harbour Fittings Ltd',
      taxNumber: 'BD-999',
      billingAddress: '12 Harbour Road\nChattogram 4100',
    });
    expect(details.getByText('BD-999')).toBeInTheDocument();
    expect(details.getByRole('button', { name: words.edit })).toHaveFocus();
  });

  it('makes a buyer an admin, and says so in the members’ live region', async () => {
    const { requests } = withCompany();
    const { user } = renderOverview();
    await user.click(
      await screen.findByRole('button', { name: words.makeAdmin, description: 'Omar Faruk' }),
    );
    expect(await screen.findByText(words.roleChanged('Omar Faruk', 'admin'))).toBeInTheDocument();
    expect(callsTo(requests, 'PATCH', '/api/company/members/user-2')[0]?.body).toEqual({
      role: 'admin',
    });
    expect(memberRow('Omar Faruk').getByText(words.roles.admin!)).toBeInTheDocument();
    expect(memberRow('Omar Faruk').getByRole('button', { name: words.makeBuyer })).toBeEnabled();
  });

  it("says the server's refusal (the last admin) in an alert, and the roles stay", async () => {
    withCompany();
    const { user } = renderOverview();
    await user.click(
      await screen.findByRole('button', { name: words.makeBuyer, description: 'Maria Lopez' }),
    );
    const members = within(screen.getByRole('region', { name: words.members }));
    expect(await members.findByRole('alert')).toHaveTextContent(texts.companyErrors.lastAdmin);
    expect(memberRow('Maria Lopez').getByText(words.roles.admin!)).toBeInTheDocument();
  });

  it('removes a member after a question; Cancel removes nobody', async () => {
    const { requests } = withCompany();
    const { user } = renderOverview();
    await user.click(
      await screen.findByRole('button', { name: words.remove, description: 'Omar Faruk' }),
    );
    let dialog = within(screen.getByRole('dialog', { name: words.removeTitle }));
    expect(dialog.getByText(words.removeConfirm('Omar Faruk'))).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: words.cancel }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(requests, 'DELETE', '/api/company/members/user-2')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: words.remove, description: 'Omar Faruk' }));
    dialog = within(screen.getByRole('dialog', { name: words.removeTitle }));
    await user.click(dialog.getByRole('button', { name: words.remove }));
    expect(await screen.findByText(words.removed('Omar Faruk'))).toBeInTheDocument();
    expect(callsTo(requests, 'DELETE', '/api/company/members/user-2')).toHaveLength(1);
    expect(screen.queryByRole('row', { name: /Omar Faruk/ })).not.toBeInTheDocument();
  });

  it('lets a member leave after a question: the page then offers to create a company', async () => {
    const { requests } = withCompany(omar.id);
    const { user } = renderOverview(omar);
    await user.click(await screen.findByRole('button', { name: words.leave }));
    const dialog = within(screen.getByRole('dialog', { name: words.leave }));
    expect(dialog.getByText(words.leaveConfirm)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: words.leave }));
    expect(await screen.findByText(words.left)).toBeInTheDocument();
    expect(callsTo(requests, 'DELETE', '/api/company/members/user-2')).toHaveLength(1);
    expect(screen.getByText(words.none)).toBeInTheDocument();
    expect(politeMessages()).toContain(words.left);
  });

  it('invites by e-mail as the role chosen, lists the invitation and empties the form', async () => {
    const { requests } = withCompany();
    const { user } = renderOverview();
    const invite = within(await screen.findByRole('region', { name: words.invite }));
    await user.click(invite.getByRole('button', { name: words.send }));
    expect(await invite.findByText(texts.fieldErrors.required('email'))).toBeInTheDocument();

    await user.type(invite.getByLabelText(words.inviteEmail), 'rafi@example.com');
    await user.selectOptions(invite.getByLabelText(words.inviteRole), words.roles.admin!);
    await user.click(invite.getByRole('button', { name: words.send }));
    expect(await invite.findByText(words.invited('rafi@example.com'))).toBeInTheDocument();
    expect(callsTo(requests, 'POST', '/api/company/invitations')[0]?.body).toEqual({
      email: 'rafi@example.com',
      role: 'admin',
    });
    expect(invite.getByLabelText(words.inviteEmail)).toHaveValue('');
    expect(invite.getByLabelText(words.inviteEmail)).toHaveFocus();
    expect(invite.getByLabelText(words.inviteRole)).toHaveValue('buyer');
    const invitations = within(screen.getByRole('region', { name: words.invitations }));
    expect(invitations.getByRole('row', { name: /rafi@example\.com/ })).toBeInTheDocument();
  });

  it("shows the server's refusal of an invitation under the form", async () => {
    const tooMany = texts.companyErrors.tooManyInvitations('rafi@example.com');
    companiesServer({
      company: makeCompany(),
      members: [makeMember(maria, 'admin')],
      refuse: ({ method, url }) =>
        method === 'POST' && url === '/api/company/invitations'
          ? { status: 429, message: tooMany }
          : undefined,
    });
    const { user } = renderOverview();
    const invite = within(await screen.findByRole('region', { name: words.invite }));
    await user.type(invite.getByLabelText(words.inviteEmail), 'rafi@example.com');
    await user.click(invite.getByRole('button', { name: words.send }));
    expect(await invite.findByRole('alert')).toHaveTextContent(tooMany);
    expect(invite.getByLabelText(words.inviteEmail)).toHaveValue('rafi@example.com');
  });

  it('revokes an invitation waiting', async () => {
    const { requests } = withCompany();
    const { user } = renderOverview();
    const invitations = within(await screen.findByRole('region', { name: words.invitations }));
    await user.click(invitations.getByRole('button', { name: words.revoke }));
    expect(await invitations.findByText(words.revoked('nadia@example.com'))).toBeInTheDocument();
    expect(
      callsTo(requests, 'DELETE', `/api/company/invitations/${makeInvitation()._id}`),
    ).toHaveLength(1);
    expect(invitations.getByText(words.noInvitations)).toBeInTheDocument();
  });
  it('shows an admin every limit and spending; an admin approves rather than has a limit', async () => {
    companiesServer({
      company: makeCompany(),
      members: [
        makeMember(maria, 'admin', { spentThisMonth: 75 }),
        makeMember(omar, 'buyer', { monthlyLimit: 500, spentThisMonth: 120.5 }),
      ],
    });
    renderOverview();
    const members = within(await screen.findByRole('region', { name: words.members }));
    expect(members.getByText(words.limitHint)).toBeInTheDocument();
    expect(memberRow('Maria Lopez').getByText(words.adminNoLimit)).toBeInTheDocument();
    expect(memberRow('Maria Lopez').getByText('$75.00')).toBeInTheDocument();
    expect(memberRow('Maria Lopez').queryByRole('textbox')).toBeNull();
    expect(memberRow('Omar Faruk').getByText('$500.00')).toBeInTheDocument();
    expect(memberRow('Omar Faruk').getByText('$120.50')).toBeInTheDocument();
    expect(memberRow('Omar Faruk').getByLabelText(words.limitLabel('Omar Faruk'))).toHaveValue(
      '500',
    );
    expect(
      memberRow('Omar Faruk').getByRole('button', { name: words.setLimit }),
    ).toHaveAccessibleDescription('Omar Faruk');
  });

  it("sets a buyer's limit, lifts it when left empty, and says so in the members' live region", async () => {
    const { requests } = withCompany();
    const { user } = renderOverview();
    const field = await screen.findByLabelText(words.limitLabel('Omar Faruk'));
    expect(field).toHaveValue('');
    expect(memberRow('Omar Faruk').getByText(words.noLimit)).toBeInTheDocument();
    await user.type(field, '250');
    await user.click(memberRow('Omar Faruk').getByRole('button', { name: words.setLimit }));
    expect(await screen.findByText(words.limitSaved('Omar Faruk', '$250.00'))).toBeInTheDocument();
    expect(politeMessages()).toContain(words.limitSaved('Omar Faruk', '$250.00'));
    expect(callsTo(requests, 'PATCH', '/api/company/members/user-2')[0]?.body).toEqual({
      monthlyLimit: 250,
    });
    expect(memberRow('Omar Faruk').getByText('$250.00')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(words.limitLabel('Omar Faruk')));
    await user.click(memberRow('Omar Faruk').getByRole('button', { name: words.setLimit }));
    expect(await screen.findByText(words.limitSaved('Omar Faruk', null))).toBeInTheDocument();
    expect(callsTo(requests, 'PATCH', '/api/company/members/user-2')[1]?.body).toEqual({
      monthlyLimit: null,
    });
    expect(memberRow('Omar Faruk').getByText(words.noLimit)).toBeInTheDocument();
  });

  it("takes $0, and checks a limit by the server's rule before sending it", async () => {
    const { requests } = withCompany();
    const { user } = renderOverview();
    const field = await screen.findByLabelText(words.limitLabel('Omar Faruk'));
    await user.type(field, '12.345');
    await user.click(memberRow('Omar Faruk').getByRole('button', { name: words.setLimit }));
    expect(field).toHaveAccessibleDescription(texts.fieldErrors.tooManyDecimals('monthly limit'));
    expect(field).toBeInvalid();
    expect(callsTo(requests, 'PATCH', '/api/company/members/user-2')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '0');
    await user.click(memberRow('Omar Faruk').getByRole('button', { name: words.setLimit }));
    expect(await screen.findByText(words.limitSaved('Omar Faruk', '$0.00'))).toBeInTheDocument();
    expect(callsTo(requests, 'PATCH', '/api/company/members/user-2')[0]?.body).toEqual({
      monthlyLimit: 0,
    });
  });

  it('shows a buyer their own limit and spending, and nothing of the others’', async () => {
    companiesServer({
      callerId: omar.id,
      company: makeCompany(),
      members: [
        makeMember(maria, 'admin', { spentThisMonth: 75 }),
        makeMember(omar, 'buyer', { monthlyLimit: 500, spentThisMonth: 120 }),
      ],
    });
    renderOverview(omar);
    expect(
      await screen.findByText(words.yourLimit('$500.00', '$120.00', '$380.00')),
    ).toBeInTheDocument();
    expect(memberRow('Omar Faruk').getByText('$500.00')).toBeInTheDocument();
    expect(memberRow('Omar Faruk').getByText('$120.00')).toBeInTheDocument();
    expect(memberRow('Maria Lopez').queryByText(words.adminNoLimit)).toBeNull();
    expect(memberRow('Maria Lopez').queryByText('$75.00')).toBeNull();
    expect(screen.queryByRole('button', { name: words.setLimit })).not.toBeInTheDocument();
    expect(screen.queryByText(words.limitHint)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: words.approvals })).not.toBeInTheDocument();
  });
});
