import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  type StaffNotifications,
  type StaffNotificationsInput,
} from '@tools-factory/contract';
import { api } from '../../../lib/api-client';

const queryKey = ['manageNotifications'] as const;

/** GET /api/manageNotifications (bearer, admins): whether the caller gets the staff e-mails. */
export function useStaffNotifications() {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => api.get<StaffNotifications>(apiPaths.manageNotifications, signal),
  });
}

/** PUT /api/manageNotifications: turns them on or off for the caller; the answer is the state. */
export function useSetStaffNotifications() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffNotificationsInput) =>
      api.put<StaffNotifications>(apiPaths.manageNotifications, input),
    onSuccess: (state) => client.setQueryData(queryKey, state),
  });
}
