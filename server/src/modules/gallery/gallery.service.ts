import { GALLERY_SIZE, type GalleryItem } from '@tools-factory/contract';
import type { Database } from '../../db/client.ts';
import { selectGalleryItems, type GalleryItemRow } from './gallery.repository.ts';

function toGalleryItemDto(row: GalleryItemRow): GalleryItem {
  return { _id: row.id, img: row.image, desc: row.description };
}

export function createGalleryService(options: { db: Database }) {
  const { db } = options;
  return {
    /** The six cards of VISIT OUR MANUFACTURER HOUSE, in their order (the catalog snapshot reads them here). */
    async list(): Promise<GalleryItem[]> {
      return (await selectGalleryItems(db, GALLERY_SIZE)).map(toGalleryItemDto);
    },
  };
}
