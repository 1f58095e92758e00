import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { texts } from '@tools-factory/contract';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ProfileForm } from './profile-form';

describe('ProfileForm', () => {
  it("says each field's limit in words, never zod's own message", async () => {
    const onSave = vi.fn(() => Promise.resolve());
    const user = userEvent.setup();
    renderWithProviders(<ProfileForm onSave={onSave} onCancel={() => undefined} busy={false} />);
    const fill = async (label: string, text: string) => {
      await user.click(screen.getByLabelText(label));
      await user.paste(text);
    };
    await fill(texts.profile.education, 'E'.repeat(201));
    await fill(texts.profile.city, 'C'.repeat(121));
    await fill(texts.profile.phone, '1'.repeat(41));
    await fill(texts.profile.linkdin, `https://example.com/${'l'.repeat(300)}`);
    await user.click(screen.getByRole('button', { name: texts.profile.save }));

    expect(await screen.findByText('education must be at most 200 characters')).toBeInTheDocument();
    expect(screen.getByText('city must be at most 120 characters')).toBeInTheDocument();
    expect(screen.getByText('phone must be at most 40 characters')).toBeInTheDocument();
    expect(screen.getByText('linkdin must be at most 300 characters')).toBeInTheDocument();
    expect(screen.queryByText(/Too big|Invalid|is required/)).not.toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });
});
