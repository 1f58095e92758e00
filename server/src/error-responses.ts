import { ErrorBodySchema } from '@tools-factory/contract';

/**
 * The response schemas of the error statuses a route may answer, each with the one error body the
 * error handler shapes (`{ message, statusCode }`): `response: { 200: X, ...errorResponses(400, 404) }`.
 */
export function errorResponses<Status extends number>(
  ...statuses: Status[]
): Record<Status, typeof ErrorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema])) as Record<
    Status,
    typeof ErrorBodySchema
  >;
}
