import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type ManagedMessagesPage, type MessageFolder } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

/** The admins' list of messages, every page of it: every change of one asks for it again. */
export const contactMessagesQueryKey = ['manageMessages'] as const;

/** What Messages asks for (issue 43): a folder, and where the page starts (none: the first). */
export type ContactMessagesSearch = { folder: MessageFolder; after: string | undefined };

/**
 * GET /api/manageMessages/page (bearer, admins): a page of a folder's messages, newest first,
 * and how many each folder holds.
 */
function getContactMessagesPage(
  search: ContactMessagesSearch,
  signal?: AbortSignal,
): Promise<ManagedMessagesPage> {
  const params = new URLSearchParams({ folder: search.folder });
  if (search.after) params.set('after', search.after);
  return api.get<ManagedMessagesPage>(`${apiPaths.manageMessagesPage}?${params}`, signal);
}

/** A page of a folder; the page shown stays while the next one loads. */
export function useContactMessagesPage(search: ContactMessagesSearch) {
  return useQuery(
    queryOptions({
      queryKey: [...contactMessagesQueryKey, 'page', search],
      queryFn: ({ signal }) => getContactMessagesPage(search, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
