import { readFileSync } from 'node:fs';
import path from 'node:path';
import { homeTexts } from '@tools-factory/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { HeroSection } from './hero-section';

const PUBLIC = path.resolve(import.meta.dirname, '../../../../public');

/** A WebP file's width, from its VP8, VP8L or VP8X header (RIFF layout, little-endian). */
function webpWidth(file: Buffer): number {
  expect(file.toString('ascii', 0, 4)).toBe('RIFF');
  expect(file.toString('ascii', 8, 12)).toBe('WEBP');
  const chunk = file.toString('ascii', 12, 16);
  if (chunk === 'VP8 ') return file.readUInt16LE(26) & 0x3fff;
  if (chunk === 'VP8L') return (file.readUInt32LE(21) & 0x3fff) + 1;
  if (chunk === 'VP8X') return file.readUIntLE(24, 3) + 1;
  throw new Error(`not a WebP chunk: ${chunk}`);
}

describe('HeroSection', () => {
  it('shows the drawing as WebP pictures of the widths it names (issue 43 item 6)', () => {
    renderWithProviders(<HeroSection />);
    const picture = screen.getByRole('img', { name: homeTexts.hero.imageAlt });
    const candidates = (picture.getAttribute('srcset') ?? '').split(',').map((entry) => {
      const [url = '', width = ''] = entry.trim().split(/\s+/);
      return { url, width: Number.parseInt(width, 10) };
    });
    expect(candidates.map((candidate) => candidate.width)).toEqual([600, 1200]);
    expect(candidates.map((candidate) => candidate.url)).toContain(picture.getAttribute('src'));
    // Every candidate is a file the server has, as wide as the srcset says (not an SVG).
    for (const { url, width } of candidates) {
      expect(url).toMatch(/\.webp$/);
      expect(webpWidth(readFileSync(path.join(PUBLIC, url)))).toBe(width);
    }
  });
});
