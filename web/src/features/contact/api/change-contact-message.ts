import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  type ManagedMessage,
  type MessageReplyInput,
  type MessageState,
} from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { contactMessagesQueryKey } from './get-contact-messages';

/** PATCH /api/manageMessages/{id} (bearer, admins): read or unread, archived or in the inbox. */
function setMessageState(change: { id: string; state: MessageState }): Promise<ManagedMessage> {
  return api.patch<ManagedMessage>(apiPaths.manageMessage(change.id), change.state);
}

/** POST /api/manageMessages/{id}/reply (bearer, admins): the reply, e-mailed to the visitor. */
function replyToMessage(reply: { id: string; input: MessageReplyInput }): Promise<ManagedMessage> {
  return api.post<ManagedMessage>(apiPaths.messageReply(reply.id), reply.input);
}

/** A change of one message; the list is asked for again whatever the answer. */
function useMessageChange<Change>(change: (input: Change) => Promise<ManagedMessage>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: contactMessagesQueryKey }),
  });
}

export const useSetMessageState = () => useMessageChange(setMessageState);
export const useReplyToMessage = () => useMessageChange(replyToMessage);
