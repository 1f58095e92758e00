import { asc } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { galleryItems } from './gallery.table.ts';

export type GalleryItemRow = typeof galleryItems.$inferSelect;

export function selectGalleryItems(executor: Executor, limit: number): Promise<GalleryItemRow[]> {
  return executor.select().from(galleryItems).orderBy(asc(galleryItems.position)).limit(limit);
}
