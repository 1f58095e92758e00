import { pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.ts';
import { users } from '../identity/identity.table.ts';

/** The user's profile information (My Profile): one record a user. */
export const profiles = pgTable('profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  education: text('education').notNull(),
  city: text('city').notNull(),
  phone: text('phone').notNull(),
  linkedin: text('linkedin').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
