import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

function renderDialog({ open = true, busy = false } = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  const props = { title: 'Remove this order?', confirmLabel: 'Delete', cancelLabel: 'cancel' };
  const view = render(
    <ConfirmDialog {...props} open={open} busy={busy} onConfirm={onConfirm} onCancel={onCancel}>
      Claw Hammer
    </ConfirmDialog>,
  );
  const rerender = (next: { open: boolean; busy?: boolean }) =>
    view.rerender(
      <ConfirmDialog
        {...props}
        open={next.open}
        busy={next.busy ?? false}
        onConfirm={onConfirm}
        onCancel={onCancel}
      >
        Claw Hammer
      </ConfirmDialog>,
    );
  return { onConfirm, onCancel, rerender };
}

describe('ConfirmDialog', () => {
  it('is a modal dialog named by its title and described by its text, focused on the safe answer', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Remove this order?' });
    expect(dialog).toHaveAccessibleDescription('Claw Hammer');
    expect(screen.getByRole('button', { name: 'cancel' })).toHaveFocus();
  });

  it('shows nothing while closed, and closes when the parent says so', () => {
    const { rerender } = renderDialog({ open: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    rerender({ open: true });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    rerender({ open: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('answers confirm and cancel', async () => {
    const { onConfirm, onCancel } = renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('keeps Tab inside: past the last answer comes the first, and back', async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'cancel' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
  });

  it('cannot be dismissed while the confirmed action runs', () => {
    const { onCancel } = renderDialog({ busy: true });
    expect(screen.getByRole('button', { name: 'cancel' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveAttribute('aria-busy', 'true');
    screen.getByRole('dialog').dispatchEvent(new Event('cancel', { cancelable: true }));
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
