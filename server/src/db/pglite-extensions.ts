import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The extensions the migrations create (0026: pg_trgm, for the search's trigram indexes). Every
 * PGlite that opens this project's database, new or not, is created with them: a data directory
 * whose indexes use an extension cannot be read without it.
 */
export const pgliteExtensions = { pg_trgm };
