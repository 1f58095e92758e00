import type { UseMutationResult } from '@tanstack/react-query';
import { toast } from './toast';
import { useConfirmedAction } from './use-confirmed-action';

interface ConfirmedRemovalOptions<Item, Key> {
  /** The delete call; answers how many it removed (0: gone already). */
  mutation: UseMutationResult<{ deletedCount: number }, Error, Key>;
  /** What the delete call is given for an item (its id, its e-mail). */
  keyOf: (item: Item) => Key;
  /** The toast once removed. */
  removedText: string;
  /** The toast when it was gone already; none when left out. */
  alreadyGoneText?: string;
}

/**
 * Remove behind a question (useConfirmedAction): `ask(item)` opens the dialog, `confirm(item)`
 * removes it and says so in a toast, or says it was gone already.
 */
export function useConfirmedRemoval<Item, Key>({
  mutation,
  keyOf,
  removedText,
  alreadyGoneText,
}: ConfirmedRemovalOptions<Item, Key>) {
  const { item, ...removal } = useConfirmedAction({
    mutation,
    variablesOf: keyOf,
    onDone: ({ deletedCount }) => {
      if (deletedCount > 0) toast.success(removedText);
      else if (alreadyGoneText) toast.info(alreadyGoneText);
    },
  });
  return { itemToRemove: item, ...removal };
}
