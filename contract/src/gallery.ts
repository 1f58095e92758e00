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

/** Cut to the first 35 characters, as the product shows it. */
export function galleryExcerpt(text: string): string {
  return text.slice(0, GALLERY_TEXT_LIMIT);
}
