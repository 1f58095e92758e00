import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { texts } from '@tools-factory/contract';
import { describe, expect, it, vi } from 'vitest';
import { callsTo } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { signedInForEachTest } from '../../../test/signed-in';
import {
  companiesServer,
  makeApproval,
  makeCompany,
  makeMember,
  maria,
  omar,
} from '../test/companies-server';
import { CompanyOverview } from './company-overview';

const words = texts.company;
const APPROVAL = makeApproval();
const APPROVE_URL = `/api/company/approvals/${APPROVAL.checkoutId}/approve`;
const REJECT_URL = `/api/company/approvals/${APPROVAL.checkoutId}/reject`;

function renderOverview(route = '/dashborad/company') {
  const user = userEvent.setup();
  renderWithProviders(<CompanyOverview account={maria} />, { route });
  return { user };
}

/** Maria's company, Omar's checkout past his $500 limit waiting for her. */
const withApproval = (overrides: Parameters<typeof companiesServer>[0] = {}) =>
  companiesServer({
    company: makeCompany(),
    members: [
      makeMember(maria, 'admin'),
      makeMember(omar, 'buyer', { monthlyLimit: 500, spentThisMonth: 120 }),
    ],
    approvals: [APPROVAL],
    ...overrides,
  });

const approvals = () => within(screen.getByRole('region', { name: words.approvals }));

/** The polite live regions' text (what went well), all of them. */
const politeMessages = () =>
  screen
    .getAllByRole('status')
    .map((region) => region.textContent)
    .join('');

describe('CompanyOverview: orders awaiting approval', () => {
  signedInForEachTest();

  it('shows an admin each checkout waiting: who, what, against which limit, until when', async () => {
    withApproval();
    renderOverview();
    const section = within(await screen.findByRole('region', { name: words.approvals }));
    const card = within(section.getByRole('listitem', { name: 'CO-3F2A9C1B' }));
    expect(card.getByRole('heading', { name: 'CO-3F2A9C1B' })).toBeInTheDocument();
    expect(card.getByText('$640.00')).toBeInTheDocument();
    expect(card.getByText('Omar Faruk')).toBeInTheDocument();
    expect(card.getByText(omar.email)).toBeInTheDocument();
    expect(card.getByText('PO-7781')).toBeInTheDocument();
    expect(card.getByText(/Torque wrench/)).toHaveTextContent('2 × Torque wrench');
    expect(card.getByText('$480.00')).toBeInTheDocument();
    expect(card.getByText('HF-HM-0003')).toBeInTheDocument();
    expect(card.getByText(words.overLimit('$120.00', '$500.00'))).toBeInTheDocument();
    expect(card.getByText(/^Expires .* unless decided\.$/)).toBeInTheDocument();
    expect(card.getByRole('button', { name: words.approve })).toHaveAccessibleDescription(
      'CO-3F2A9C1B',
    );
    expect(card.getByRole('button', { name: words.reject })).toHaveAccessibleDescription(
      'CO-3F2A9C1B',
    );
  });

  it('says so when the buyer’s limit was lifted since, and when nothing waits', async () => {
    withApproval({ approvals: [makeApproval({ monthlyLimit: null, poNumber: '' })] });
    renderOverview();
    expect(await screen.findByText(words.limitLifted)).toBeInTheDocument();
    expect(approvals().queryByText(words.po)).not.toBeInTheDocument();
  });

  it('shows an admin that no order waits', async () => {
    withApproval({ approvals: [] });
    renderOverview();
    expect(await screen.findByText(words.noApprovals)).toBeInTheDocument();
  });

  it('approves a checkout: it leaves the list and the admin is told', async () => {
    const { requests } = withApproval();
    const { user } = renderOverview();
    await user.click(await screen.findByRole('button', { name: words.approve }));
    expect(await screen.findByText(words.approved('CO-3F2A9C1B'))).toBeInTheDocument();
    expect(politeMessages()).toContain(words.approved('CO-3F2A9C1B'));
    expect(callsTo(requests, 'POST', APPROVE_URL)).toHaveLength(1);
    expect(approvals().getByText(words.noApprovals)).toBeInTheDocument();
  });

  it("says the server's refusal (decided meanwhile) in the section's alert", async () => {
    withApproval({
      refuse: ({ url }) =>
        url === APPROVE_URL ? { status: 409, message: texts.companyErrors.notAwaiting } : undefined,
    });
    const { user } = renderOverview();
    await user.click(await screen.findByRole('button', { name: words.approve }));
    expect(await approvals().findByRole('alert')).toHaveTextContent(
      texts.companyErrors.notAwaiting,
    );
  });

  it('rejects a checkout with a reason, required, asked in a dialog', async () => {
    const { requests, state } = withApproval();
    const { user } = renderOverview();
    await user.click(await screen.findByRole('button', { name: words.reject }));
    const dialog = within(screen.getByRole('dialog', { name: words.rejectTitle }));
    const reason = dialog.getByLabelText(words.rejectReason);
    expect(reason).toHaveFocus();
    expect(dialog.getByText('CO-3F2A9C1B')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: words.reject }));
    expect(await dialog.findByText(texts.fieldErrors.required('reason'))).toBeInTheDocument();
    expect(callsTo(requests, 'POST', REJECT_URL)).toHaveLength(0);

    await user.type(reason, 'Over budget this quarter');
    await user.click(dialog.getByRole('button', { name: words.reject }));
    expect(await screen.findByText(words.rejected('CO-3F2A9C1B'))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(requests, 'POST', REJECT_URL)[0]?.body).toEqual({
      reason: 'Over budget this quarter',
    });
    expect(state.rejections.get(APPROVAL.checkoutId)).toBe('Over budget this quarter');
    expect(approvals().getByText(words.noApprovals)).toBeInTheDocument();
  });

  it('closes the reject dialog without sending anything', async () => {
    const { requests } = withApproval();
    const { user } = renderOverview();
    await user.click(await screen.findByRole('button', { name: words.reject }));
    const dialog = within(screen.getByRole('dialog', { name: words.rejectTitle }));
    await user.click(dialog.getByRole('button', { name: words.cancel }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(requests, 'POST', REJECT_URL)).toHaveLength(0);
    expect(approvals().getByRole('button', { name: words.reject })).toBeInTheDocument();
  });

  it('scrolls to the section once the company is read, when the link names it (#approvals)', async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    withApproval();
    renderOverview('/dashborad/company#approvals');
    const section = await screen.findByRole('region', { name: words.approvals });
    await waitFor(() => expect(scrollIntoView).toHaveBeenCalledOnce());
    expect(scrollIntoView.mock.contexts[0]).toBe(section);
    expect(section).toHaveAttribute('id', 'approvals');
  });
});
