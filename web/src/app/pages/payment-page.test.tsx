import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MyCheckoutsPage, Order } from '@tools-factory/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { maria } from '../../test/identity';
import { makeOrder } from '../../test/factories';
import { renderRoutes } from '../../test/render';
import {
  ORDER_ID,
  paymentsServer,
  TRANSACTION_ID,
} from '../../features/payments/test/payments-server';
import { pageOf } from '../../features/orders/test/my-orders-fixtures';
import PaymentPage from './payment-page';

describe('PaymentPage', () => {
  beforeEach(() => {
    localStorage.setItem('accessToken', 'token-0');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("pays as the signed-in customer, and My Orders' cached lists show the order paid at once", async () => {
    paymentsServer();
    const user = userEvent.setup();
    const { queryClient } = renderRoutes(
      [{ path: '/dashborad/orders/payment/:id', Component: PaymentPage }],
      { route: `/dashborad/orders/payment/${ORDER_ID}` },
    );
    const myOrdersKey = ['orders', maria.email];
    queryClient.setQueryData<Order[]>(myOrdersKey, [makeOrder()]);
    // My Orders' first page of checkouts (issue 43): another shape under the orders' key.
    const myFirstPageKey = ['orders', 'checkouts', 'page', null];
    queryClient.setQueryData<MyCheckoutsPage>(myFirstPageKey, pageOf([makeOrder()]));

    expect(screen.getByRole('heading', { level: 2, name: 'Payment' })).toBeInTheDocument();
    await user.type(await screen.findByLabelText('Card number'), '4242424242424242');
    await user.type(screen.getByLabelText('Expiry (MM / YY)'), '1234');
    await user.type(screen.getByLabelText('CVC'), '123');
    const pay = screen.getByRole('button', { name: 'Pay' });
    await vi.waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);

    expect(await screen.findByText('payment is complete')).toBeInTheDocument();
    expect(queryClient.getQueryData<Order[]>(myOrdersKey)).toEqual([
      expect.objectContaining({ _id: ORDER_ID, status: 'paid', transectionId: TRANSACTION_ID }),
    ]);
    expect(queryClient.getQueryState(myOrdersKey)?.isInvalidated).toBe(true);
    const [checkout] = queryClient.getQueryData<MyCheckoutsPage>(myFirstPageKey)?.checkouts ?? [];
    expect(checkout?.lines).toEqual([
      expect.objectContaining({ _id: ORDER_ID, status: 'paid', transectionId: TRANSACTION_ID }),
    ]);
    expect(queryClient.getQueryState(myFirstPageKey)?.isInvalidated).toBe(true);
  });
});
