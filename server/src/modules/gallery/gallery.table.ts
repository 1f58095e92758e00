import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { randomUuidKey } from '../../db/columns.ts';

/** The home page's gallery, VISIT OUR MANUFACTURER HOUSE. */
export const galleryItems = pgTable('gallery_items', {
  id: randomUuidKey(),
  image: text('image').notNull(),
  description: text('description').notNull(),
  position: integer('position').notNull(),
});
