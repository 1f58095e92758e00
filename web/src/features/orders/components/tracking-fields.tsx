import { orderAdminTexts } from '@tools-factory/contract';
import { TextField } from '../../../components/ui/text-field';

interface TrackingFieldsProps {
  carrier: string;
  trackingNumber: string;
  onCarrier: (typed: string) => void;
  onTrackingNumber: (typed: string) => void;
  busy: boolean;
  /** Classes of the fields' box (two columns in a wide dialog). */
  className?: string;
}

/** Who carries a shipment and its tracking number, both optional: Ship's and Ship…'s fields. */
export function TrackingFields({
  carrier,
  trackingNumber,
  onCarrier,
  onTrackingNumber,
  busy,
  className = 'flex flex-col gap-4',
}: TrackingFieldsProps) {
  return (
    <div className={className}>
      {[
        { label: orderAdminTexts.carrier, typed: carrier, setTyped: onCarrier },
        {
          label: orderAdminTexts.trackingNumber,
          typed: trackingNumber,
          setTyped: onTrackingNumber,
        },
      ].map(({ label, typed, setTyped }) => (
        <TextField
          key={label}
          label={label}
          autoComplete="off"
          maxLength={100}
          value={typed}
          disabled={busy}
          onChange={(event) => setTyped(event.target.value)}
        />
      ))}
    </div>
  );
}
