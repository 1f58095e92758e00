import { screen } from '@testing-library/react';
import { routes, texts, type Cart, type MyCompany } from '@tools-factory/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeIdentityServer, maria } from '../../test/identity';
import { callsTo } from '../../test/fake-api';
import { makeCart, makeCartLine } from '../../test/factories';
import { jsonResponse, renderRoutes } from '../../test/render';
import CartRoutePage from './cart-page';

/** A company buyer's $2,000 limit, $500 of it left this month (issue 44). */
const buyerOfCompany = {
  company: {
    _id: '7d1c2d3e-1111-4222-8333-944455566677',
    legalName: 'Harbour Fittings Ltd',
    taxNumber: '',
    billingAddress: '12 Harbour Road',
    addressesLocked: false,
    terms: { paymentTermsDays: null, creditLimit: 0, poNumberRequired: false, taxExempt: false },
    createdAt: '2026-03-01T09:00:00.000Z',
  },
  credit: null,
  role: 'buyer',
  members: [],
  invitations: [],
  addresses: [],
  spending: { month: '2026-03', monthlyLimit: 2000, spent: 1500, left: 500 },
  approvals: [],
} satisfies MyCompany;

function signedIn(
  admin: boolean,
  { cart = makeCart([]), company }: { cart?: Cart; company?: MyCompany } = {},
) {
  localStorage.setItem('accessToken', 'token-0');
  return fakeIdentityServer({
    user: maria,
    answer: ({ url }) => {
      if (url.startsWith('/api/admin/')) return jsonResponse({ admin });
      if (url === '/api/cart') return jsonResponse(cart);
      // No company answer: a 404, as for a customer the cart says nothing of a limit to.
      if (url === '/api/company' && company) return jsonResponse(company);
      return undefined;
    },
  }).server;
}

function renderCart() {
  return renderRoutes([{ path: routes.cart, Component: CartRoutePage }], { route: routes.cart });
}

describe('/cart', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("shows a customer's cart", async () => {
    const server = signedIn(false);
    renderCart();
    expect(await screen.findByText(texts.cart.page.empty)).toBeInTheDocument();
    expect(callsTo(server.requests, 'GET', '/api/cart')).toHaveLength(1);
  });

  it('tells an admin that the cart is for customers, without asking for one', async () => {
    const server = signedIn(true);
    renderCart();
    expect(await screen.findByText(texts.cart.errors.customersOnly)).toBeInTheDocument();
    expect(callsTo(server.requests, 'GET', '/api/cart')).toEqual([]);
    expect(callsTo(server.requests, 'GET', '/api/company')).toEqual([]);
  });

  it("says what is left of a company buyer's monthly limit, and warns of a checkout past it (issue 44)", async () => {
    signedIn(false, { cart: makeCart([makeCartLine()]), company: buyerOfCompany });
    renderCart();
    expect(
      await screen.findByText(texts.spending.left('$500.00', '$2,000.00')),
    ).toBeInTheDocument();
    expect(screen.getByText(texts.spending.overLimit('$500.00'))).toBeInTheDocument();
  });

  it('says nothing of a limit to a customer of no company', async () => {
    signedIn(false, { cart: makeCart([makeCartLine()]) });
    renderCart();
    expect(await screen.findByRole('button', { name: /Check out/ })).toBeInTheDocument();
    expect(screen.queryByText(/monthly limit/)).not.toBeInTheDocument();
  });

  it("offers to pay on account from the company's terms, with its credit left (issue 45)", async () => {
    signedIn(false, {
      cart: makeCart([makeCartLine()]),
      company: {
        ...buyerOfCompany,
        company: {
          ...buyerOfCompany.company,
          terms: {
            paymentTermsDays: 30,
            creditLimit: 5000,
            poNumberRequired: true,
            taxExempt: false,
          },
        },
        credit: { openBalance: 1200, creditLeft: 3800, overdue: false },
      },
    });
    renderCart();
    expect(
      await screen.findByRole('radio', { name: texts.onAccount.onAccount(30) }),
    ).toBeInTheDocument();
    expect(screen.getByText(texts.onAccount.creditLeft('$3,800.00'))).toBeInTheDocument();
    expect(screen.getByLabelText(texts.onAccount.poNumberRequired)).toBeInTheDocument();
  });

  it('offers no payment choice to a buyer of a company without payment terms', async () => {
    signedIn(false, { cart: makeCart([makeCartLine()]), company: buyerOfCompany });
    renderCart();
    expect(await screen.findByRole('button', { name: /Check out/ })).toBeInTheDocument();
    await screen.findByText(texts.spending.left('$500.00', '$2,000.00'));
    expect(screen.queryByRole('radio', { name: texts.onAccount.byCard })).toBeNull();
  });
});
