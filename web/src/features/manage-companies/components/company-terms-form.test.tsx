import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { texts, type CompanyTerms } from '@tools-factory/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, fakeApi } from '../../../test/fake-api';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { HARBOUR_ID, makeManagedCompany } from '../test/managed-companies-data';
import { ManagedCompanyView } from './managed-company';

const words = texts.companyTerms;
const TERMS_PATH = `/api/manageCompanies/${HARBOUR_ID}/terms`;

/**
 * Harbour Fittings' page (card only at first) and its terms: a PUT answers the page with the
 * terms sent, unless `refusal` refuses it.
 */
function fakeTermsApi(refusal?: { status: number; message: string }) {
  let terms: CompanyTerms = makeManagedCompany().company.terms;
  const pageNow = () => {
    const managed = makeManagedCompany();
    return { ...managed, company: { ...managed.company, terms } };
  };
  return fakeApi((call) => {
    if (call.method === 'GET' && call.url === `/api/manageCompanies/${HARBOUR_ID}`) {
      return jsonResponse(pageNow());
    }
    if (call.method === 'PUT' && call.url === TERMS_PATH) {
      if (refusal) {
        return jsonResponse(
          { message: refusal.message, statusCode: refusal.status },
          refusal.status,
        );
      }
      terms = call.body as CompanyTerms;
      return jsonResponse(pageNow());
    }
    if (call.url.startsWith('/api/manageOrders/search')) {
      return jsonResponse({
        orders: [],
        total: 0,
        checkouts: 0,
        page: 1,
        pageSize: 50,
        capped: false,
        next: null,
      });
    }
    return undefined;
  });
}

async function renderTermsCard() {
  localStorage.setItem('accessToken', 'token-7');
  const user = userEvent.setup();
  renderWithProviders(<ManagedCompanyView id={HARBOUR_ID} renderStatus={() => null} />);
  const card = within(await screen.findByRole('region', { name: words.title }));
  return { user, card };
}

describe('CompanyTermsForm', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('starts from the company’s terms and saves them all with PUT, then says so', async () => {
    const api = fakeTermsApi();
    const { user, card } = await renderTermsCard();
    const select = card.getByRole('combobox', { name: words.terms });
    expect(select).toHaveDisplayValue('Card only');
    expect(card.getByRole('textbox', { name: words.creditLimit })).toHaveValue('0');
    expect(card.getByRole('checkbox', { name: words.poNumberRequired })).not.toBeChecked();

    await user.selectOptions(select, 'Net 30 days');
    const limit = card.getByRole('textbox', { name: words.creditLimit });
    await user.clear(limit);
    await user.type(limit, '5000');
    await user.click(card.getByRole('checkbox', { name: words.poNumberRequired }));
    await user.click(card.getByRole('button', { name: words.save }));

    expect(await card.findByText(words.saved)).toBeInTheDocument();
    expect(callsTo(api.requests, 'PUT', TERMS_PATH).map((call) => call.body)).toEqual([
      { paymentTermsDays: 30, creditLimit: 5000, poNumberRequired: true, taxExempt: false },
    ]);
    // The page shows what the server answered.
    expect(card.getByRole('combobox', { name: words.terms })).toHaveDisplayValue('Net 30 days');
    expect(card.getByRole('textbox', { name: words.creditLimit })).toHaveValue('5000');
    expect(card.getByRole('checkbox', { name: words.poNumberRequired })).toBeChecked();
  });

  it('checks the credit limit by the server’s rule before sending', async () => {
    const api = fakeTermsApi();
    const { user, card } = await renderTermsCard();
    const limit = card.getByRole('textbox', { name: words.creditLimit });
    await user.clear(limit);
    await user.type(limit, '12.345');
    await user.click(card.getByRole('button', { name: words.save }));
    expect(
      await card.findByText(texts.fieldErrors.tooManyDecimals('credit limit')),
    ).toBeInTheDocument();
    expect(callsTo(api.requests, 'PUT', TERMS_PATH)).toHaveLength(0);
  });

  it('shows the server’s refusal in words: a tax exemption without a tax number', async () => {
    const message = texts.companyErrors.taxExemptNeedsTaxNumber;
    fakeTermsApi({ status: 409, message });
    const { user, card } = await renderTermsCard();
    await user.click(card.getByRole('checkbox', { name: words.taxExempt }));
    await user.click(card.getByRole('button', { name: words.save }));
    expect(await card.findByRole('alert')).toHaveTextContent(message);
    expect(card.queryByText(words.saved)).not.toBeInTheDocument();
  });
});
