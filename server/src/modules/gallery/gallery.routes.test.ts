import { describe, expect } from 'vitest';
import { GALLERY_SIZE, GALLERY_TEXT_LIMIT, GalleryListSchema } from '@tools-factory/contract';
import { appTest } from '../../testing/app-fixtures.ts';

const it = appTest({ seed: true });

describe('GET /api/gallery', () => {
  it('answers the six cards in order, each image served by the app', async ({ app }) => {
    const response = await app.inject('/api/gallery');
    expect(response.statusCode).toBe(200);
    const gallery = GalleryListSchema.parse(response.json());
    expect(gallery).toHaveLength(GALLERY_SIZE);
    expect(gallery.map((item) => item.img)).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => `/images/gallery/${n}.svg`),
    );
    // The cards cut the text at 35 characters: the seeded texts are longer, so the cut shows.
    for (const item of gallery) expect(item.desc.length).toBeGreaterThan(GALLERY_TEXT_LIMIT);
  });
});
