import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';

/** The home page's gallery, VISIT OUR MANUFACTURER HOUSE. */
export const galleryItems = pgTable('gallery_items', {
  id: uuid('id').primaryKey().defaultRandom(),
  image: text('image').notNull(),
  description: text('description').notNull(),
  position: integer('position').notNull(),
});
