import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type ManagedMessage } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

/** GET /api/manageMessages (bearer, admins): the contact form's messages, newest first. */
function getContactMessages(signal?: AbortSignal): Promise<ManagedMessage[]> {
  return api.get<ManagedMessage[]>(apiPaths.manageMessages, signal);
}

export function useContactMessages() {
  return useQuery(
    queryOptions({
      queryKey: ['manageMessages'],
      queryFn: ({ signal }) => getContactMessages(signal),
    }),
  );
}
