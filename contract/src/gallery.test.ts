import { describe, expect, it } from 'vitest';
import { galleryExcerpt, GALLERY_TEXT_LIMIT } from './gallery.ts';

describe('galleryExcerpt', () => {
  it('keeps the first 35 characters of a longer text and ends them with an ellipsis', () => {
    const text = 'Our forge floor, where every hammer head is shaped from a single steel billet.';
    expect(galleryExcerpt(text)).toBe(`${text.slice(0, GALLERY_TEXT_LIMIT)}\u2026`);
  });

  it('keeps a text of 35 characters or fewer whole, without an ellipsis', () => {
    const exactly = 'x'.repeat(GALLERY_TEXT_LIMIT);
    expect(galleryExcerpt(exactly)).toBe(exactly);
    expect(galleryExcerpt('Packing room')).toBe('Packing room');
  });

  it('drops the spaces before the ellipsis and never splits a character in two', () => {
    expect(galleryExcerpt(`${'a'.repeat(34)} and more`)).toBe(`${'a'.repeat(34)}\u2026`);
    expect(galleryExcerpt(`${'a'.repeat(34)}\u{1F528}\u{1F527} tools`)).toBe(
      `${'a'.repeat(34)}\u{1F528}\u2026`,
    );
  });
});
