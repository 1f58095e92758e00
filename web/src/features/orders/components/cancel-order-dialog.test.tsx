import { formatMoney, texts } from '@tools-factory/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { paidManagedOrder } from '../test/managed-orders-server';
import { CancelOrderDialog } from './cancel-order-dialog';

const words = texts.manageOrders;

describe('CancelOrderDialog', () => {
  it('offers the card refund for a line paid by card', () => {
    renderWithProviders(
      <CancelOrderDialog
        order={paidManagedOrder()}
        busy={false}
        onConfirm={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    expect(
      screen.getByRole('checkbox', { name: words.refundToCard(formatMoney(3000)) }),
    ).toBeChecked();
    expect(
      screen.getByRole('button', { name: words.cancelConfirm(formatMoney(3000)) }),
    ).toBeVisible();
  });

  it('credits a line on account off its open invoice: no card, no choice (issue 45)', () => {
    const onAccount = paidManagedOrder({ status: 'invoiced', paid: false, transectionId: null });
    renderWithProviders(
      <CancelOrderDialog order={onAccount} busy={false} onConfirm={vi.fn()} onCancel={vi.fn()} />,
    );
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByText(words.confirmCancelOnAccountBody(formatMoney(3000)))).toBeVisible();
    expect(
      screen.getByRole('button', { name: words.cancelConfirmOnAccount(formatMoney(3000)) }),
    ).toBeVisible();
  });
});
