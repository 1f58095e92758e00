import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeGalleryItem } from '../../../test/factories';
import { renderWithProviders } from '../../../test/render';
import { GalleryCard } from './gallery-card';

const longText = 'Our forge floor, where every hammer head is shaped from a single steel billet.';

const item = makeGalleryItem({ _id: '9a8b7c6d-0000-4000-8000-000000000001', desc: longText });

describe('GalleryCard', () => {
  it('shows the fixed album title', () => {
    renderWithProviders(<GalleryCard item={item} />);
    expect(screen.getByRole('heading', { name: 'New album is released!' })).toBeInTheDocument();
  });

  it('cuts the description to its first 35 characters and ends it with an ellipsis', () => {
    renderWithProviders(<GalleryCard item={item} />);
    const excerpt = screen.getByText(`${longText.slice(0, 35)}\u2026`);
    expect(excerpt.textContent).toHaveLength(36);
    expect(screen.queryByText(longText)).not.toBeInTheDocument();
  });

  it('keeps a short description whole and shows the image', () => {
    renderWithProviders(
      <GalleryCard
        item={makeGalleryItem({
          _id: '9a8b7c6d-0000-4000-8000-000000000002',
          img: '/images/gallery/2.svg',
          desc: 'Packing room',
        })}
      />,
    );
    expect(screen.getByText('Packing room')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Packing room' })).toHaveAttribute(
      'src',
      '/images/gallery/2.svg',
    );
  });
});
