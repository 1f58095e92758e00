import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { texts } from '@tools-factory/contract';
import { describe, expect, it } from 'vitest';
import { callsTo } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import { signedInForEachTest } from '../../../test/signed-in';
import { managedOrdersServer, paidManagedOrder } from '../test/managed-orders-server';
import { ManagedOrderView } from './managed-order';

// Cancel and Refund part on the admin's order page (issue 42): what goes back is what is left of
// the line after earlier refunds, and a cancellation may keep the money.

const words = texts.manageOrders;
/** Pavel's paid order of 150 pipe wrenches at $20: $3,000.00. */
const ID = '22222222-2222-4222-8222-222222222222';
const REFERENCE = 'TF-22222222';

function renderPage(...changes: Parameters<typeof paidManagedOrder>) {
  const { server, store } = managedOrdersServer({ orders: [paidManagedOrder(...changes)] });
  const user = userEvent.setup();
  renderRoutes([{ path: '/', element: <ManagedOrderView id={ID} /> }]);
  return { user, server, store };
}

async function openCancel(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: words.cancel }));
  return screen.getByRole('dialog', { name: words.confirmCancelTitle });
}

async function openRefund(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: words.refund.open }));
  return screen.getByRole('dialog', { name: words.refund.title(REFERENCE) });
}

describe("the admin's order page: Cancel and Refund part (issue 42)", () => {
  signedInForEachTest();

  it('Cancel refunds what is left by default: the checkbox checked, no body sent', async () => {
    const { user, server } = renderPage({ refunded: 500.5 });
    const dialog = await openCancel(user);
    const refund = within(dialog).getByRole('checkbox', {
      name: words.refundToCard('$2,499.50'),
    });
    expect(refund).toBeChecked();
    expect(dialog).toHaveTextContent(words.confirmCancelBody('$2,499.50'));
    // The line's total, and what went back of it before.
    expect(dialog).toHaveTextContent('$3,000.00$500.50 refunded');
    await user.click(
      within(dialog).getByRole('button', { name: words.cancelConfirm('$2,499.50') }),
    );

    expect(
      await screen.findByText(words.cancelSuccess(REFERENCE, '$2,499.50', 'CN-2025-000001')),
    ).toBeInTheDocument();
    const [cancel] = callsTo(server.requests, 'POST', `/api/manageOrders/${ID}/cancel`);
    expect(cancel?.body).toBeUndefined();
    // All of it went back: the order reads refunded, with its credit note.
    expect(await screen.findByText('$3,000.00 refunded')).toBeInTheDocument();
    expect(
      screen.getByText(texts.orders.refundedBadge, { selector: '.badge' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: texts.orders.creditNoteLabel(REFERENCE) }),
    ).toBeInTheDocument();
  });

  it('Cancel without refund: unchecked, the dialog says nothing goes back and sends refund false', async () => {
    const { user, server } = renderPage();
    const dialog = await openCancel(user);
    await user.click(
      within(dialog).getByRole('checkbox', { name: words.refundToCard('$3,000.00') }),
    );
    expect(dialog).toHaveTextContent(words.confirmCancelWithoutRefundBody);
    expect(dialog).not.toHaveTextContent(words.confirmCancelBody('$3,000.00'));
    expect(
      within(dialog).queryByRole('button', { name: words.cancelConfirm('$3,000.00') }),
    ).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: words.cancelWithoutRefund }));

    expect(
      await screen.findByText(words.cancelSuccessWithoutRefund(REFERENCE)),
    ).toBeInTheDocument();
    const [cancel] = callsTo(server.requests, 'POST', `/api/manageOrders/${ID}/cancel`);
    expect(cancel?.body).toEqual({ refund: false });
    // Its money kept: it reads cancelled, with no credit note, and nothing refunded.
    expect(
      await screen.findByText(texts.orders.cancelledBadge, { selector: '.badge' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Order' })).not.toHaveTextContent('refunded');
    expect(screen.queryByRole('button', { name: /credit note/i })).toBeNull();
  });

  it('each opening of Cancel starts with the refund checked again', async () => {
    const { user } = renderPage();
    let dialog = await openCancel(user);
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: words.keepOrder }));
    dialog = await openCancel(user);
    expect(within(dialog).getByRole('checkbox')).toBeChecked();
  });

  it('Cancel of a line whose whole amount went back already offers no refund', async () => {
    const { user } = renderPage({ refunded: 3000 });
    const dialog = await openCancel(user);
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    expect(dialog).toHaveTextContent(words.confirmCancelNothingLeftBody);
    expect(
      within(dialog).getByRole('button', { name: words.cancelNothingLeft }),
    ).toBeInTheDocument();
    // Nothing left to give back: no Refund part either.
    expect(screen.queryByRole('button', { name: words.refund.open })).toBeNull();
  });

  it('Refund part shows the figures and refuses, before sending, no amount or more than is left', async () => {
    const { user, server } = renderPage({ refunded: 2500 });
    const dialog = await openRefund(user);
    expect(dialog).toHaveAccessibleDescription(words.refund.intro);
    expect(dialog).toHaveTextContent(`${words.refund.lineTotal}$3,000.00`);
    expect(dialog).toHaveTextContent(`${words.refund.refundedSoFar}$2,500.00`);
    expect(dialog).toHaveTextContent(`${words.refund.left}$500.00`);
    const amount = within(dialog).getByLabelText(words.refund.amount);
    expect(amount).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: words.refund.submit }));
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription(texts.fieldErrors.notANumber('amount'));

    await user.type(amount, '500.01');
    await user.click(within(dialog).getByRole('button', { name: words.refund.submit }));
    expect(amount).toHaveAccessibleDescription(texts.adminErrors.refundAboveLeft('$500.00'));
    expect(amount).toHaveFocus();

    await user.clear(amount);
    await user.type(amount, '0');
    await user.click(within(dialog).getByRole('button', { name: words.refund.submit }));
    expect(amount).toHaveAccessibleDescription(texts.fieldErrors.notPositive('amount'));
    expect(callsTo(server.requests, 'POST', `/api/manageOrders/${ID}/refunds`)).toHaveLength(0);
  });

  it('Refund part sends the amount, says so with its credit note and shows what went back', async () => {
    const { user, server } = renderPage({ status: 'shipped', shippedQuantity: 150 });
    const dialog = await openRefund(user);
    await user.type(within(dialog).getByLabelText(words.refund.amount), '$1,250.5');
    await user.click(within(dialog).getByRole('button', { name: words.refund.submit }));

    expect(
      await screen.findByText(words.refund.success('$1,250.50', REFERENCE, 'CN-2025-000001')),
    ).toBeInTheDocument();
    const [refund] = callsTo(server.requests, 'POST', `/api/manageOrders/${ID}/refunds`);
    expect(refund?.body).toEqual({ amount: 1250.5 });
    expect(screen.queryByRole('dialog')).toBeNull();
    // The line stands (shipped), with what went back under its total and its credit note.
    expect(await screen.findByText('$1,250.50 refunded')).toBeInTheDocument();
    expect(screen.getByText(texts.orders.shippedBadge, { selector: '.badge' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: texts.orders.creditNoteLabel(REFERENCE) }),
    ).toBeInTheDocument();
  });

  it("Refund part shows the server's refusal in the dialog, which stays open", async () => {
    const { user, store } = renderPage();
    const dialog = await openRefund(user);
    // Another admin refunded most of it meanwhile: the server finds less left than the page.
    store.orders = store.orders.map((order) => ({ ...order, refunded: 2900 }));
    await user.type(within(dialog).getByLabelText(words.refund.amount), '200');
    await user.click(within(dialog).getByRole('button', { name: words.refund.submit }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      texts.adminErrors.refundAboveLeft('$100.00'),
    );
    expect(screen.getByRole('dialog', { name: words.refund.title(REFERENCE) })).toBeVisible();
  });
});
