import type { useConfirmedRemoval } from '../../../lib/use-confirmed-removal';

/** An order's Remove behind its question (useConfirmedRemoval), as its dialog answers it. */
export type OrderRemoval<TOrder> = Pick<
  ReturnType<typeof useConfirmedRemoval<TOrder, string>>,
  'itemToRemove' | 'busy' | 'confirm' | 'cancel'
>;

/** The question's state and answers, as RemoveDialog takes them. */
export function removalDialogProps<TOrder>(removal: OrderRemoval<TOrder>) {
  return {
    item: removal.itemToRemove,
    busy: removal.busy,
    onConfirm: removal.confirm,
    onCancel: removal.cancel,
  };
}
