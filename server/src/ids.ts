import { IdSchema } from '@tools-factory/contract';

/**
 * An id from a path or a body as the database keys it: a UUID in lower case, or undefined when
 * it is no UUID at all (no row has it: the caller answers not found, never a database error).
 */
export function parseId(id: string): string | undefined {
  return IdSchema.safeParse(id).success ? id.toLowerCase() : undefined;
}
