import { screen } from '@testing-library/react';
import { routes, texts } from '@tools-factory/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeIdentityServer, maria } from '../../test/identity';
import { callsTo } from '../../test/fake-api';
import { makeCart } from '../../test/factories';
import { jsonResponse, renderRoutes } from '../../test/render';
import CartRoutePage from './cart-page';

function signedIn(admin: boolean) {
  localStorage.setItem('accessToken', 'token-0');
  return fakeIdentityServer({
    user: maria,
    answer: ({ url }) => {
      if (url.startsWith('/api/admin/')) return jsonResponse({ admin });
      if (url === '/api/cart') return jsonResponse(makeCart([]));
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
  });
});
