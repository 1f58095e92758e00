import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FormDialog } from './form-dialog';

function renderDialog({ open = true, busy = false } = {}) {
  const onClose = vi.fn();
  const dialog = (next: { open: boolean; busy: boolean }) => (
    <>
      <button type="button">Outside</button>
      <FormDialog
        open={next.open}
        busy={next.busy}
        title="add information"
        description="Your name and e-mail come from your account."
        closeLabel="Close"
        onClose={onClose}
      >
        <form>
          <label>
            City
            <input name="city" />
          </label>
          <button type="submit">Save</button>
        </form>
      </FormDialog>
    </>
  );
  const view = render(dialog({ open, busy }));
  return {
    onClose,
    rerender: (next: { open: boolean; busy?: boolean }) =>
      view.rerender(dialog({ open: next.open, busy: next.busy ?? false })),
  };
}

describe('FormDialog', () => {
  it('is a dialog named by its title and described by its sentence, focused on the first field', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'add information' });
    expect(dialog).toHaveAccessibleDescription('Your name and e-mail come from your account.');
    expect(screen.getByLabelText('City')).toHaveFocus();
  });

  it('shows nothing (not even the form) while closed, and closes when the parent says so', () => {
    const { rerender } = renderDialog({ open: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('City')).not.toBeInTheDocument();
    rerender({ open: true });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    rerender({ open: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps Tab inside: past the last control comes the first, and back', async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Outside', hidden: true })).not.toHaveFocus();
  });

  it('closes with Escape and with the close button', async () => {
    const user = userEvent.setup();
    const { onClose } = renderDialog();
    screen.getByRole('dialog').dispatchEvent(new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('cannot be dismissed while the form is being sent', () => {
    const { onClose } = renderDialog({ busy: true });
    expect(screen.getByRole('button', { name: 'Close' })).toBeDisabled();
    screen.getByRole('dialog').dispatchEvent(new Event('cancel', { cancelable: true }));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
