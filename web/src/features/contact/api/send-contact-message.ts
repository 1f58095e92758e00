import { useMutation } from '@tanstack/react-query';
import {
  apiPaths,
  type ContactMessage,
  type ContactMessageResponse,
} from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

/** POST /api/contact (anyone): stored and e-mailed to the admins; nothing to the address typed. */
function sendContactMessage(message: ContactMessage): Promise<ContactMessageResponse> {
  return api.post<ContactMessageResponse>(apiPaths.contact, message, { bearer: false });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
