import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** A row's id: a random UUID the database draws (`gen_random_uuid()`). */
export const randomUuidKey = () => uuid('id').primaryKey().defaultRandom();

/** A moment: every one the app keeps is a `timestamp with time zone`, read back as a Date. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });
