import {
  ShipOrderSchema,
  texts,
  type ManagedOrder,
  type ShipOrder,
  orderAdminTexts,
} from '@tools-factory/contract';
import { useState, type FormEvent } from 'react';
import { FormActions } from '../../../components/ui/form-actions';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TrackingFields } from './tracking-fields';
import { errorMessage } from '../../../lib/api-client';
import { ManagedOrderSummary } from './managed-order-summary';

const words = { ...texts.manageOrders, ...orderAdminTexts };

interface ShipOrderDialogProps {
  /** The order to ship; null: the dialog is closed. */
  order: ManagedOrder | null;
  busy: boolean;
  /** Ships it with what was typed; a refusal's message (the server's) shows in the dialog. */
  onShip: (order: ManagedOrder, shipment: ShipOrder) => Promise<unknown>;
  onClose: () => void;
}

/** The carrier and tracking number (both optional), checked by the contract's own schema. */
function ShipForm({
  order,
  busy,
  onShip,
  onClose,
}: Omit<ShipOrderDialogProps, 'order'> & { order: ManagedOrder }) {
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [serverError, setServerError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setServerError(null);
    const parsed = ShipOrderSchema.safeParse({ carrier, trackingNumber });
    if (!parsed.success) {
      setServerError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    try {
      await onShip(order, parsed.data ?? {});
    } catch (error) {
      setServerError(errorMessage(error));
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <ManagedOrderSummary order={order} />
      <TrackingFields
        carrier={carrier}
        trackingNumber={trackingNumber}
        onCarrier={setCarrier}
        onTrackingNumber={setTrackingNumber}
        busy={busy}
      />
      <FormActions
        serverError={serverError}
        submitLabel={words.shipConfirm}
        cancelLabel={words.keepUnshipped}
        busy={busy}
        onCancel={onClose}
      />
    </form>
  );
}

/** Ship: asks for the carrier and the tracking number (both may stay empty), then ships. */
export function ShipOrderDialog({ order, ...actions }: ShipOrderDialogProps) {
  return (
    <FormDialog
      open={order !== null}
      title={words.shipTitle}
      closeLabel={texts.priceBreaks.close}
      busy={actions.busy}
      onClose={actions.onClose}
    >
      {order ? <ShipForm order={order} {...actions} /> : null}
    </FormDialog>
  );
}
