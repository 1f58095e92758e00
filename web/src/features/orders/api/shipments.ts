import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  type CreateShipment,
  type ManagedCheckout,
  type Shipment,
  type ShipmentResponse,
} from '@tools-factory/contract';
import { api } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { managedOrdersQueryKey } from './get-managed-orders';

/** A checkout's page: under Manage Orders' key, so every change to an order asks for it again. */
export const managedCheckoutQueryKey = (id: string) =>
  [...managedOrdersQueryKey, 'checkout', id] as const;

/** GET /api/manageCheckouts/{id} (bearer, admins): the checkout, its lines and shipments. */
function getManagedCheckout(id: string, signal?: AbortSignal): Promise<ManagedCheckout> {
  return api.get<ManagedCheckout>(apiPaths.managedCheckout(id), signal);
}

export function useManagedCheckout(id: string) {
  return useQuery(
    queryOptions({
      queryKey: managedCheckoutQueryKey(id),
      queryFn: ({ signal }) => getManagedCheckout(id, signal),
    }),
  );
}

/**
 * After a shipment or its undo: the answer is the checkout as it now stands, shown at once; Manage
 * Orders and the orders' pages are asked for again, as their lines changed.
 */
function useShipmentMutation<Input>(send: (input: Input) => Promise<ShipmentResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: ({ checkout }) =>
      queryClient.setQueryData(managedCheckoutQueryKey(checkout._id), checkout),
    onSettled: () => queryClient.invalidateQueries({ queryKey: managedOrdersQueryKey }),
  });
}

/** POST /api/manageCheckouts/{id}/shipments (bearer, admins): one shipment of its lines. */
export function useShipCheckout() {
  return useShipmentMutation(
    ({ checkoutId, shipment }: { checkoutId: string; shipment: CreateShipment }) =>
      api.post<ShipmentResponse>(apiPaths.checkoutShipments(checkoutId), shipment),
  );
}

/** POST /api/manageShipments/{id}/undo (bearer, admins): within 24 hours of the shipment. */
export function useUndoShipment() {
  return useShipmentMutation((shipmentId: string) =>
    api.post<ShipmentResponse>(apiPaths.undoShipment(shipmentId)),
  );
}

/** GET /api/manageShipments/{id}/packing-slip.pdf (bearer, admins), saved by the browser. */
async function downloadPackingSlip(shipment: Pick<Shipment, '_id' | 'number'>): Promise<void> {
  saveFile(
    await api.download(apiPaths.packingSlip(shipment._id)),
    `packing-slip-${shipment.number}.pdf`,
  );
}

export function useDownloadPackingSlip() {
  return useMutation({ mutationFn: downloadPackingSlip });
}
