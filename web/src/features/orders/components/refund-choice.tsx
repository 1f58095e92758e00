import { useState } from 'react';

/**
 * Whether a cancellation refunds, for a dialog open while `item` is not null: checked again at
 * each opening, whatever the last one was left at; and the last item asked about, whose words
 * stay in the box while it fades out after closing.
 */
export function useRefundChoice<Item>(item: Item | null) {
  const [refund, setRefund] = useState(true);
  const [wasOpen, setWasOpen] = useState(false);
  if ((item !== null) !== wasOpen) {
    setWasOpen(item !== null);
    if (item !== null) setRefund(true);
  }
  const [last, setLast] = useState(item);
  if (item !== null && item !== last) setLast(item);
  return { refund, setRefund, last };
}

/** "Refund $X to the customer's card": the cancel dialogs' checkbox, with its label. */
export function RefundCheckbox({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="mt-4 flex cursor-pointer items-center gap-3 text-sm font-semibold">
      <input
        type="checkbox"
        className="checkbox checkbox-sm"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}
