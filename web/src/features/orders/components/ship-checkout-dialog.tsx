import {
  hasLeftToShip,
  CreateShipmentSchema,
  formatCount,
  quantityToShip,
  readWholeNumber,
  texts,
  type CreateShipment,
  type ManagedCheckout,
  type ManagedOrder,
} from '@tools-factory/contract';
import { useId, useState, type FormEvent } from 'react';
import { FormActions } from '../../../components/ui/form-actions';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TrackingFields } from './tracking-fields';
import { errorMessage } from '../../../lib/api-client';

const words = texts.shipments.dialog;

interface ShipCheckoutDialogProps {
  /** The checkout to ship from; null: the dialog is closed. */
  checkout: ManagedCheckout | null;
  busy: boolean;
  /** Ships what was chosen; a refusal's message (the server's) shows in the dialog. */
  onShip: (checkout: ManagedCheckout, shipment: CreateShipment) => Promise<unknown>;
  onClose: () => void;
}

/** A line the dialog offers: chosen or not, and the quantity typed for it. */
type Choice = { chosen: boolean; typed: string };

/** The lines with something left to ship, in the checkout's order. */
function shippableLines(checkout: ManagedCheckout): ManagedOrder[] {
  return checkout.lines.filter(hasLeftToShip);
}

/**
 * One line of the shipment: its checkbox (named by its tool), what is left of it, and the
 * quantity that goes (all that is left, unless the admin types less).
 */
function LineChoice({
  line,
  choice,
  error,
  busy,
  onChange,
}: {
  line: ManagedOrder;
  choice: Choice;
  error: string | undefined;
  busy: boolean;
  onChange: (choice: Choice) => void;
}) {
  const id = useId();
  const left = quantityToShip(line);
  return (
    <li className="border-base-300 flex flex-wrap items-start gap-x-4 gap-y-2 border-b py-3 last:border-b-0">
      <label className="flex min-w-0 grow basis-56 cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          className="checkbox checkbox-sm mt-0.5"
          checked={choice.chosen}
          disabled={busy}
          aria-label={words.include(line.name)}
          onChange={(event) => onChange({ ...choice, chosen: event.target.checked })}
        />
        <span className="min-w-0">
          <span className="block font-medium wrap-break-word">{line.name}</span>
          <span className="text-base-content/70 block text-xs">
            <span className="font-mono">{line.sku || line.reference}</span>
            {' · '}
            {words.left}: {formatCount(left)}
            {left === line.quantity ? null : ` (${words.ordered} ${formatCount(line.quantity)})`}
          </span>
        </span>
      </label>
      <div className="flex flex-col gap-1 max-sm:w-full sm:w-28">
        <label htmlFor={id} className="sr-only">
          {words.quantity(line.name)}
        </label>
        <input
          id={id}
          inputMode="numeric"
          autoComplete="off"
          className={`input input-sm w-full text-right ${error ? 'input-error' : ''}`}
          value={choice.typed}
          disabled={busy || !choice.chosen}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange({ ...choice, typed: event.target.value })}
        />
        {error ? (
          <p id={`${id}-error`} className="text-error text-xs">
            {error}
          </p>
        ) : null}
      </div>
    </li>
  );
}

/** The shipment's lines (all that is left, by default), then its carrier and tracking number. */
function ShipCheckoutForm({
  checkout,
  busy,
  onShip,
  onClose,
}: Omit<ShipCheckoutDialogProps, 'checkout'> & { checkout: ManagedCheckout }) {
  const lines = shippableLines(checkout);
  const [choices, setChoices] = useState<Record<string, Choice>>(() =>
    Object.fromEntries(
      lines.map((line) => [line._id, { chosen: true, typed: String(quantityToShip(line)) }]),
    ),
  );
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const chosen = lines.filter((line) => choices[line._id]?.chosen);
  const allChosen = chosen.length === lines.length;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setServerError(null);
    if (chosen.length === 0) {
      setServerError(texts.shipments.errors.noLines);
      return;
    }
    // Each quantity read as the server reads it: a whole number, 1 up to what is left.
    const problems: Record<string, string> = {};
    const shipped = chosen.map((line) => {
      const read = readWholeNumber(choices[line._id]?.typed.replaceAll(',', '') ?? '', 'quantity', {
        min: 1,
        max: quantityToShip(line),
      });
      if ('problem' in read) problems[line._id] = read.problem;
      return { orderId: line._id, quantity: 'value' in read ? read.value : 0 };
    });
    setLineErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const parsed = CreateShipmentSchema.safeParse({ lines: shipped, carrier, trackingNumber });
    if (!parsed.success) {
      setServerError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    try {
      await onShip(checkout, { lines: shipped, carrier, trackingNumber });
    } catch (error) {
      setServerError(errorMessage(error));
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <fieldset>
        <legend className="text-sm">{words.intro}</legend>
        <label className="mt-3 flex cursor-pointer items-center gap-3 text-sm font-semibold">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            checked={allChosen}
            disabled={busy}
            onChange={(event) =>
              setChoices((current) =>
                Object.fromEntries(
                  Object.entries(current).map(([id, choice]) => [
                    id,
                    { ...choice, chosen: event.target.checked },
                  ]),
                ),
              )
            }
          />
          {words.everything}
        </label>
        <ul className="mt-1">
          {lines.map((line) => (
            <LineChoice
              key={line._id}
              line={line}
              choice={choices[line._id] ?? { chosen: false, typed: '' }}
              error={lineErrors[line._id]}
              busy={busy}
              onChange={(choice) => setChoices((current) => ({ ...current, [line._id]: choice }))}
            />
          ))}
        </ul>
      </fieldset>
      <TrackingFields
        carrier={carrier}
        trackingNumber={trackingNumber}
        onCarrier={setCarrier}
        onTrackingNumber={setTrackingNumber}
        busy={busy}
        className="grid gap-2 sm:grid-cols-2"
      />
      <FormActions
        serverError={serverError}
        submitLabel={words.submit(chosen.length)}
        cancelLabel={words.cancel}
        busy={busy}
        onCancel={onClose}
      />
    </form>
  );
}

/**
 * Ship a checkout (issue 42): every line still to ship is chosen, with all that is left of it;
 * the admin leaves lines out or types less, gives the carrier and tracking number once, and
 * ships them as one shipment.
 */
export function ShipCheckoutDialog({ checkout, ...actions }: ShipCheckoutDialogProps) {
  return (
    <FormDialog
      open={checkout !== null}
      title={checkout ? words.title(checkout.reference) : ''}
      closeLabel={texts.priceBreaks.close}
      busy={actions.busy}
      wide
      onClose={actions.onClose}
    >
      {checkout ? <ShipCheckoutForm checkout={checkout} {...actions} /> : null}
    </FormDialog>
  );
}
