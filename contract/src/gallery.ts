import { z } from 'zod';
import { IdSchema } from './common.ts';

/** The home page's gallery (VISIT OUR MANUFACTURER HOUSE): six cards. */
export const GALLERY_SIZE = 6;
export const GALLERY_TEXT_LIMIT = 35;

export const GalleryItemSchema = z.object({
  _id: IdSchema,
  img: z.string(),
  desc: z.string(),
});
export type GalleryItem = z.infer<typeof GalleryItemSchema>;
export const GalleryListSchema = z.array(GalleryItemSchema);

/** What ends a cut text, so that nobody takes the cut for the whole. */
export const ELLIPSIS = '\u2026';

/**
 * The first 35 characters, as the product shows them, and an ellipsis when the text was longer
 * (spaces before it dropped). Characters, not UTF-16 units: an emoji is never split in two.
 */
export function galleryExcerpt(text: string): string {
  const characters = Array.from(text);
  if (characters.length <= GALLERY_TEXT_LIMIT) return text;
  return `${characters.slice(0, GALLERY_TEXT_LIMIT).join('').trimEnd()}${ELLIPSIS}`;
}
