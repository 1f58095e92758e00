import { texts } from '@tools-factory/contract';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from './confirm-dialog';

interface RemoveDialogProps<Item> {
  /** What to remove; null: the dialog is closed. */
  item: Item | null;
  title: string;
  busy: boolean;
  onConfirm: (item: Item) => void;
  onCancel: () => void;
  /** 'Delete' unless told otherwise. */
  confirmLabel?: string;
  /** 'cancel' unless told otherwise. */
  cancelLabel?: string;
  /** The confirm button's colour: red unless told (an accepted offer is not a loss). */
  confirmClassName?: string | undefined;
  /** What the dialog shows of the item: enough to tell it from the others. */
  children: (item: Item) => ReactNode;
}

/** "Remove this ...?" with what would be removed, and the buttons to do it or not. */
export function RemoveDialog<Item>({
  item,
  title,
  busy,
  onConfirm,
  onCancel,
  confirmLabel = texts.orders.delete,
  cancelLabel = texts.orders.cancel,
  confirmClassName,
  children,
}: RemoveDialogProps<Item>) {
  // The last item asked about stays in the box while it fades out after closing.
  const [shownItem, setShownItem] = useState(item);
  if (item !== null && item !== shownItem) setShownItem(item);
  return (
    <ConfirmDialog
      open={item !== null}
      title={title}
      confirmLabel={confirmLabel}
      cancelLabel={cancelLabel}
      confirmClassName={confirmClassName}
      busy={busy}
      onConfirm={() => {
        if (item !== null) onConfirm(item);
      }}
      onCancel={onCancel}
    >
      {shownItem !== null ? children(shownItem) : null}
    </ConfirmDialog>
  );
}
