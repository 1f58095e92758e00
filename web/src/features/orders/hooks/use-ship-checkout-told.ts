import { texts, type CreateShipment, type ManagedCheckout } from '@tools-factory/contract';
import { toast } from '../../../lib/toast';
import { useShipCheckout } from '../api/shipments';

/**
 * Ships what the dialog chose and says so: `done` (it closes the dialog) then the shipment's
 * toast. A refusal is thrown back to the dialog, which shows it. Manage Orders' Ship… and the
 * checkout's page share it.
 */
export function useShipCheckoutTold(done: () => void) {
  const shipCheckout = useShipCheckout();
  async function ship(checkout: ManagedCheckout, shipment: CreateShipment) {
    const answer = await shipCheckout.mutateAsync({ checkoutId: checkout._id, shipment });
    done();
    toast.success(texts.shipments.dialog.shipped(answer.shipment.number));
  }
  return { ship, isPending: shipCheckout.isPending };
}
