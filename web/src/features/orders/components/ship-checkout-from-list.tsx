import { useManagedCheckout } from '../api/shipments';
import { useShipCheckoutTold } from '../hooks/use-ship-checkout-told';
import { ShipCheckoutDialog } from './ship-checkout-dialog';

/** The dialog once the checkout is read: its lines as they stand now, not as the list had them. */
function LoadedDialog({ checkoutId, onClose }: { checkoutId: string; onClose: () => void }) {
  const checkout = useManagedCheckout(checkoutId);
  const shipCheckout = useShipCheckoutTold(onClose);
  return (
    <ShipCheckoutDialog
      checkout={checkout.data ?? null}
      busy={shipCheckout.isPending}
      onShip={shipCheckout.ship}
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
