import { texts, type CreateShipment, type ManagedCheckout } from '@tools-factory/contract';
import { toast } from '../../../lib/toast';
import { useManagedCheckout, useShipCheckout } from '../api/shipments';
import { ShipCheckoutDialog } from './ship-checkout-dialog';

/** The dialog once the checkout is read: its lines as they stand now, not as the list had them. */
function LoadedDialog({ checkoutId, onClose }: { checkoutId: string; onClose: () => void }) {
  const checkout = useManagedCheckout(checkoutId);
  const shipCheckout = useShipCheckout();

  async function ship(toShip: ManagedCheckout, shipment: CreateShipment) {
    const answer = await shipCheckout.mutateAsync({ checkoutId: toShip._id, shipment });
    onClose();
    toast.success(texts.shipments.dialog.shipped(answer.shipment.number));
  }

  return (
    <ShipCheckoutDialog
      checkout={checkout.data ?? null}
      busy={shipCheckout.isPending}
      onShip={ship}
      onClose={onClose}
    />
  );
}

/**
 * Manage Orders' Ship… on a checkout's head (issue 42): reads the checkout (GET
 * /manageCheckouts/{id}), then opens the shipment dialog; null: closed.
 */
export function ShipCheckoutFromList({
  checkoutId,
  onClose,
}: {
  checkoutId: string | null;
  onClose: () => void;
}) {
  return checkoutId ? <LoadedDialog checkoutId={checkoutId} onClose={onClose} /> : null;
}
