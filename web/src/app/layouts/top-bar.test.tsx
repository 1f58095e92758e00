import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { TopBar } from './top-bar';

describe('TopBar', () => {
  it('shows the brand as two words and links HOME, ABOUT, BLOGS and LOGIN', () => {
    renderWithProviders(<TopBar />);
    const brand = screen.getByRole('link', { name: 'Tools Factory home' });
    expect(brand).toHaveTextContent('Tools Factory');
    expect(brand).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'HOME' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'ABOUT' })).toHaveAttribute('href', '/about');
    expect(screen.getByRole('link', { name: 'BLOGS' })).toHaveAttribute('href', '/blogs');
    expect(screen.getByRole('link', { name: 'LOGIN' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: 'DASHBOARD' })).not.toBeInTheDocument();
  });

  it('offers DASHBOARD and SIGN OUT instead of LOGIN when signed in', async () => {
    const onSignOut = vi.fn();
    renderWithProviders(<TopBar signedIn onSignOut={onSignOut} />);
    expect(screen.queryByRole('link', { name: 'LOGIN' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'DASHBOARD' })).toHaveAttribute('href', '/dashborad');
    await userEvent.click(screen.getByRole('button', { name: 'SIGN OUT' }));
    expect(onSignOut).toHaveBeenCalledOnce();
  });

  it('opens and closes the mobile menu with an accessible toggle', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TopBar />);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const menu = document.getElementById(toggle.getAttribute('aria-controls')!);
    expect(menu).not.toBeVisible();
    // Only the desktop list is exposed while the mobile menu is closed.
    expect(screen.getAllByRole('link', { name: 'ABOUT' })).toHaveLength(1);

    await user.click(toggle);
    expect(toggle).toHaveAccessibleName('Close menu');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(menu).toBeVisible();
    expect(screen.getAllByRole('link', { name: 'ABOUT' })).toHaveLength(2);

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(menu).not.toBeVisible();
  });

  it('closes the mobile menu when one of its links is followed', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TopBar />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const [, mobileBlogs] = screen.getAllByRole('link', { name: 'BLOGS' });
    await user.click(mobileBlogs!);
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});
