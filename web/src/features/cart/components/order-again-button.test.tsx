import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { texts, type AddCartLinesResponse } from '@tools-factory/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, fakeApi } from '../../../test/fake-api';
import { makeCart, makeCartLine, pliers } from '../../../test/factories';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { OrderAgainButton } from './order-again-button';

const CHECKOUT_ID = '7e6d5c4b-3333-4444-8555-666677778888';
const HAMMER_ID = '4f1c2d3e-1111-4222-8333-944455566677';
const words = texts.cart.orderAgain;

const answer: AddCartLinesResponse = {
  results: [
    {
      index: 0,
      sku: 'HM-CLAW-16',
      toolId: HAMMER_ID,
      outcome: 'added',
      quantity: 150,
      message: words.priceChanged(12.5, 11.75),
      heldBefore: null,
    },
    {
      index: 1,
      sku: 'PL-SLIP-8',
      toolId: pliers._id,
      outcome: 'refused',
      quantity: 200,
      message: texts.cart.problems.withdrawn,
      heldBefore: null,
    },
  ],
  cart: makeCart([makeCartLine({ unitPrice: 11.75, lineTotal: 1762.5, addedUnitPrice: 11.75 })]),
};

describe('OrderAgainButton', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("puts a checkout's lines into the cart and lists what became of each, with a link to the cart", async () => {
    const { requests } = fakeApi(({ method, url }) =>
      method === 'POST' && url === '/api/cart/reorder' ? jsonResponse(answer) : undefined,
    );
    renderWithProviders(<OrderAgainButton checkoutId={CHECKOUT_ID} />);
    await userEvent.click(screen.getByRole('button', { name: words.button }));

    const dialog = await screen.findByRole('dialog', { name: words.title });
    expect(dialog).toHaveTextContent(words.summary(1, 1));
    const lines = within(dialog).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      `Claw Hammer ${words.priceChanged(12.5, 11.75)}`,
      `PL-SLIP-8 ${texts.cart.problems.withdrawn}`,
    ]);
    expect(within(dialog).getByRole('link', { name: words.goToCart })).toHaveAttribute(
      'href',
      '/cart',
    );
    expect(callsTo(requests, 'POST', '/api/cart/reorder').map((call) => call.body)).toEqual([
      { checkoutId: CHECKOUT_ID },
    ]);
  });

  it('says what a line added to the quantity in the cart, and keeps only the past one when asked', async () => {
    const added = (quantity: number, heldBefore: number): AddCartLinesResponse => ({
      results: [
        {
          index: 0,
          sku: 'HM-CLAW-16',
          toolId: HAMMER_ID,
          outcome: 'added',
          quantity,
          message: words.samePrice(12.5),
          heldBefore,
        },
      ],
      cart: makeCart([makeCartLine({ quantity })]),
    });
    const { requests } = fakeApi(({ method, url, body }) =>
      method === 'POST' && url === '/api/cart/reorder'
        ? jsonResponse(
            (body as { replace?: boolean }).replace ? added(1000, 1500) : added(1500, 500),
          )
        : undefined,
    );
    renderWithProviders(<OrderAgainButton orderId={HAMMER_ID} />);
    await userEvent.click(screen.getByRole('button', { name: words.button }));

    const dialog = await screen.findByRole('dialog', { name: words.title });
    expect(dialog).toHaveTextContent(texts.cart.inCart(500, 1500));
    await userEvent.click(within(dialog).getByRole('button', { name: words.replace }));
    await vi.waitFor(() => expect(dialog).toHaveTextContent(texts.cart.inCart(1500, 1000)));
    // Replaced: nothing more to replace.
    expect(within(dialog).queryByRole('button', { name: words.replace })).toBeNull();
    expect(callsTo(requests, 'POST', '/api/cart/reorder').map((call) => call.body)).toEqual([
      { orderId: HAMMER_ID },
      { orderId: HAMMER_ID, replace: true },
    ]);
  });

  it("tells a refusal in the server's words", async () => {
    fakeApi(() =>
      jsonResponse({ message: texts.cart.errors.checkoutNotFound, statusCode: 404 }, 404),
    );
    renderWithProviders(<OrderAgainButton orderId={HAMMER_ID} />);
    await userEvent.click(screen.getByRole('button', { name: words.button }));
    expect(await screen.findByText(texts.cart.errors.checkoutNotFound)).toBeInTheDocument();
  });
});
