import { GALLERY_SIZE, type GalleryItem } from '@tools-factory/contract';
import type { Executor } from '../../db/client.ts';
import { selectGalleryItems, type GalleryItemRow } from './gallery.repository.ts';

export function toGalleryItemDto(row: GalleryItemRow): GalleryItem {
  return { _id: row.id, img: row.image, desc: row.description };
}

/** The six cards of VISIT OUR MANUFACTURER HOUSE, in their order. */
export async function listGallery(executor: Executor): Promise<GalleryItem[]> {
  return (await selectGalleryItems(executor, GALLERY_SIZE)).map(toGalleryItemDto);
}
