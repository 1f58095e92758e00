import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type ManagedMessage } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

/** GET /api/manageMessages (bearer, admins): the contact form's messages, newest first. */
function getContactMessages(signal?: AbortSignal): Promise<ManagedMessage[]> {
  return api.get<ManagedMessage[]>(apiPaths.manageMessages, signal);
}

/** The admins' list of messages: every change of one asks for it again. */
export const contactMessagesQueryKey = ['manageMessages'] as const;

export function useContactMessages() {
  return useQuery(
    queryOptions({
      queryKey: contactMessagesQueryKey,
      queryFn: ({ signal }) => getContactMessages(signal),
    }),
  );
}
