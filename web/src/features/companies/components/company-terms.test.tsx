import { screen, within } from '@testing-library/react';
import { texts, type CompanyCredit, type CompanyTerms } from '@tools-factory/contract';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { signedInForEachTest } from '../../../test/signed-in';
import { companiesServer, makeCompany, makeMember, maria, omar } from '../test/companies-server';
import { CompanyOverview } from './company-overview';

const words = texts.companyTerms;

/** Omar's Company page: a buyer of Maria's company, of these terms. */
async function termsShownToBuyer(terms: CompanyTerms, credit: CompanyCredit | null = null) {
  companiesServer({
    callerId: omar.id,
    credit,
    company: makeCompany({ terms }),
    members: [makeMember(maria, 'admin'), makeMember(omar, 'buyer')],
  });
  renderWithProviders(<CompanyOverview account={omar} />, { route: '/dashborad/company' });
  return within(await screen.findByRole('region', { name: words.withShop }));
}

describe('CompanyTerms', () => {
  signedInForEachTest();

  it('shows each member the terms with the shop: net days, credit limit, PO rule, tax exemption', async () => {
    const terms = await termsShownToBuyer({
      paymentTermsDays: 30,
      creditLimit: 5000,
      poNumberRequired: true,
      taxExempt: true,
    });
    expect(terms.getByText('Net 30 days')).toBeInTheDocument();
    expect(terms.getByText('$5,000.00')).toBeInTheDocument();
    expect(terms.getByText('PO number required')).toBeInTheDocument();
    expect(terms.getByText('Tax-exempt (reverse charge)')).toBeInTheDocument();
    // Read-only: the shop's admins set them.
    expect(terms.queryByRole('button')).not.toBeInTheDocument();
    expect(terms.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('says card only, and no PO rule or tax exemption when there is none', async () => {
    const terms = await termsShownToBuyer({
      paymentTermsDays: null,
      creditLimit: 0,
      poNumberRequired: false,
      taxExempt: false,
    });
    expect(terms.getByText('Card only')).toBeInTheDocument();
    expect(terms.getByText('$0.00')).toBeInTheDocument();
    expect(terms.queryByText('PO number required')).not.toBeInTheDocument();
    expect(terms.queryByText('Tax-exempt (reverse charge)')).not.toBeInTheDocument();
  });

  it('shows what the company owes on account and its credit left, and warns of an overdue invoice (issue 45)', async () => {
    const terms = await termsShownToBuyer(
      { paymentTermsDays: 30, creditLimit: 5000, poNumberRequired: false, taxExempt: false },
      { openBalance: 1200, creditLeft: 3800, overdue: true },
    );
    expect(terms.getByText(texts.onAccount.openBalance).nextElementSibling).toHaveTextContent(
      '$1,200.00',
    );
    expect(terms.getByText(texts.onAccount.creditLeftShown).nextElementSibling).toHaveTextContent(
      '$3,800.00',
    );
    expect(terms.getByText(texts.onAccount.overdueOnCompany)).toHaveClass('alert-warning');
  });

  it('says nothing of credit without payment terms', async () => {
    const terms = await termsShownToBuyer({
      paymentTermsDays: null,
      creditLimit: 0,
      poNumberRequired: false,
      taxExempt: false,
    });
    expect(terms.queryByText(texts.onAccount.openBalance)).not.toBeInTheDocument();
    expect(terms.queryByText(texts.onAccount.overdueOnCompany)).not.toBeInTheDocument();
  });
});
