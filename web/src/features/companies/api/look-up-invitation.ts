import { useQuery } from '@tanstack/react-query';
import { apiPaths, type InvitationPreview } from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

/** The root of the invitation previews' keys (one per link, kept in memory only). */
export const invitationPreviewQueryKey = ['company-invitation'] as const;

/**
 * POST /api/company/invitations/lookup (bearer, its addressee): what the link's secret offers.
 * The secret goes in the body, never in an address. 404 for a link that does not work (unknown,
 * revoked, used, expired), 403 for another account than the addressee's.
 */
function lookUpInvitation(token: string, signal?: AbortSignal): Promise<InvitationPreview> {
  return api.post<InvitationPreview>(
    apiPaths.companyInvitationLookup,
    { token },
    signal ? { signal } : {},
  );
}

/** What the link offers (asked for by a signed-in visitor only: no one else is answered). */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: [...invitationPreviewQueryKey, token],
    queryFn: ({ signal }) => lookUpInvitation(token, signal),
  });
}
