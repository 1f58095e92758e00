import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { ContactSection } from './contact-section';

describe('ContactSection', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('Send thanks the visitor, clears the form and sends nothing', async () => {
    const { requests } = fakeApi(() => undefined);
    renderWithProviders(<ContactSection />);
    const user = userEvent.setup();
    const name = screen.getByRole('textbox', { name: 'Your Name' });
    const email = screen.getByRole('textbox', { name: 'Email' });
    await user.type(name, 'Ada');
    await user.type(email, 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Thank you, we will write back soon')).toBeInTheDocument();
    expect(name).toHaveValue('');
    expect(email).toHaveValue('');
    expect(requests).toEqual([]);
  });
});
